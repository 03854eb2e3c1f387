"""`etld.update()` and `python -m etld`: the command line's update (the same
code), against a local HTTP server on 127.0.0.1, into a cache directory of
the test's own; later processes answer from what it installed."""

import errno
import http.server
import json
import os
import subprocess
import sys
import threading

import pytest

import etld
from conftest import interrupt


def newer_list():
    """The built-in list's text with a later VERSION and one more rule."""
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
    with open(os.path.join(root, "vectors", "public_suffix_list.dat"), encoding="utf-8") as f:
        text = f.read()
    old = etld.BUILTIN_LIST_VERSION
    text = text.replace(f"// VERSION: {old}", "// VERSION: 2026-11-01_00-00-00_UTC")
    return (text + "\n// ===BEGIN PRIVATE DOMAINS===\nusers.etld-test.example\n// ===END PRIVATE DOMAINS===\n").encode()


@pytest.fixture
def server():
    """A server on 127.0.0.1 that answers the list with an ETag, and 304
    to a request that names it; the requests' headers are kept."""
    body = newer_list()
    seen = []

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            seen.append({k.lower(): v for k, v in self.headers.items()})
            if self.path == "/page":
                page = b"<!DOCTYPE html><html><body>Not a list</body></html>"
                self.send_response(200)
                self.send_header("Content-Length", str(len(page)))
                self.end_headers()
                self.wfile.write(page)
                return
            if self.path == "/undated":
                undated = body.replace(b"// VERSION:", b"// Released:")
                self.send_response(200)
                self.send_header("Content-Length", str(len(undated)))
                self.end_headers()
                self.wfile.write(undated)
                return
            if self.headers.get("If-None-Match") == '"v1"':
                self.send_response(304)
                self.end_headers()
                return
            self.send_response(200)
            self.send_header("ETag", '"v1"')
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/public_suffix_list.dat", seen
    httpd.shutdown()
    httpd.server_close()


def test_update_installs_and_later_processes_use_it(server, tmp_path, monkeypatch):
    url, seen = server
    monkeypatch.setenv("ETLD_CACHE_DIR", str(tmp_path))
    updated = etld.update(url)
    assert updated.installed
    assert updated.version == "2026-11-01_00-00-00_UTC"
    assert updated.path == str(tmp_path / "public_suffix_list.fst")
    assert os.path.isfile(updated.path)
    assert updated.report.startswith(f"installed {updated.path}: version 2026-11-01_00-00-00_UTC")
    assert "if-none-match" not in seen[0]
    assert repr(updated) == f"Updated(path={updated.path!r}, version='2026-11-01_00-00-00_UTC', installed=True)"
    # A later process answers from the installed list.
    env = dict(os.environ, ETLD_CACHE_DIR=str(tmp_path), ETLD_SYSTEM_LIST="")
    env.pop("ETLD_LIST", None)
    out = subprocess.run(
        [sys.executable, "-c", "import etld; print(etld.registrable('me.users.etld-test.example'), etld.list_version())"],
        env=env, capture_output=True, text=True, check=True,
    ).stdout
    assert out == "me.users.etld-test.example 2026-11-01_00-00-00_UTC\n"
    # The second update asks with the ETag, and installs nothing.
    again = etld.update(url)
    assert not again.installed
    assert again.report.startswith("already up to date")
    assert seen[1].get("if-none-match") == '"v1"'


def test_update_refusals_raise(server, tmp_path, monkeypatch):
    url, _ = server
    monkeypatch.setenv("ETLD_CACHE_DIR", str(tmp_path))
    with pytest.raises(etld.UpdateError, match="^cannot download file:///x: "):
        etld.update("file:///x")
    page = url.rsplit("/", 1)[0] + "/page"
    with pytest.raises(etld.UpdateError, match=f"^refusing the list from {page}: "):
        etld.update(page)
    # A refusal that forcing overrides names Python's way to force.
    undated = url.rsplit("/", 1)[0] + "/undated"
    with pytest.raises(etld.UpdateError, match="no `// VERSION:` line; .*; force=True installs it anyway$"):
        etld.update(undated)
    assert isinstance(etld.UpdateError("x"), OSError)
    # A cache directory that cannot be made: said before any download,
    # with the system's errno.
    if os.path.isdir("/proc/self"):
        monkeypatch.setenv("ETLD_CACHE_DIR", "/proc/etld-test")
        with pytest.raises(etld.UpdateError, match="^cannot install /proc/etld-test: ") as e:
            etld.update(url)
        assert e.value.errno == errno.ENOENT
        monkeypatch.setenv("ETLD_CACHE_DIR", str(tmp_path))
    assert not (tmp_path / "public_suffix_list.fst").exists()
    # A connection refused carries the system's errno too.
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        closed = f"http://127.0.0.1:{s.getsockname()[1]}/list.dat"
    with pytest.raises(etld.UpdateError, match="^cannot download ") as e:
        etld.update(closed)
    assert e.value.errno == errno.ECONNREFUSED


def test_notices_are_user_warnings(server, tmp_path, monkeypatch):
    # What the command line writes on stderr as it goes is a UserWarning:
    # a download record that cannot be read, and a list passed over, even
    # when the update then fails.
    url, seen = server
    monkeypatch.setenv("ETLD_CACHE_DIR", str(tmp_path))
    monkeypatch.setenv("ETLD_SYSTEM_LIST", "")
    monkeypatch.delenv("ETLD_LIST", raising=False)
    etld.update(url)
    record = tmp_path / "public_suffix_list.http"
    record.unlink()
    record.mkdir()
    with pytest.warns(UserWarning) as got:
        etld.update(url, force=True)
    # Read as it starts, and not written again at its end.
    assert [str(w.message).split(f" {record}: ")[0] for w in got] == [
        "etld: ignoring the download record",
        "etld: cannot install",
    ]
    assert "if-none-match" not in seen[-1]
    record.rmdir()
    (tmp_path / "public_suffix_list.fst").write_bytes(b"ETLDFST\n")
    page = url.rsplit("/", 1)[0] + "/page"
    with pytest.warns(UserWarning, match="^etld: ignoring the installed list: "):
        with pytest.raises(etld.UpdateError):
            etld.update(page)


def test_python_m_etld(server, tmp_path):
    url, _ = server
    env = dict(os.environ, ETLD_CACHE_DIR=str(tmp_path), ETLD_SYSTEM_LIST="")
    env.pop("ETLD_LIST", None)
    env.pop("ETLD_EXTRA", None)
    run = lambda *args, stdin="": subprocess.run(  # noqa: E731
        [sys.executable, "-m", "etld", *args], input=stdin, env=env, capture_output=True, text=True
    )
    done = run("update", "--url", url)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("installed ")
    out = run("www.example.co.uk", "a..b")
    assert out.stdout == "example.co.uk\tco.uk\nerror: empty label at byte 2\n"
    out = run("lookup", stdin="me.users.etld-test.example\n\n")
    assert out.stdout == "me.users.etld-test.example\tusers.etld-test.example\nerror: empty host\n"
    # The binary's other commands are refused by name, not looked up as
    # hosts; `lookup` looks up a host so named.
    for command in ("cookie", "info", "compile", "punycode", "idna"):
        out = run(command, "example.com")
        assert (out.returncode, out.stdout) == (2, ""), command
        assert out.stderr.startswith(f"etld: `{command}` is a command of the `etld` binary; "), out.stderr
    # `help`, as `etld help`, prints the help.
    for args in (("help",), ("help", "update"), ("help", "lookup")):
        out = run(*args)
        want = "usage: python -m etld update" if "update" in args else "usage: python -m etld [-h]"
        assert out.returncode == 0 and out.stdout.startswith(want), (args, out.stdout)
    out = run("lookup", "info")
    assert (out.returncode, out.stdout) == (0, "\tinfo\n")
    # `etld --json`'s objects, key for key, written as it writes them.
    out = run("--url", "--json", "https://www.Example.CO.uk:8080/x", "file:///x")
    assert out.stdout == (
        '{"input":"https://www.Example.CO.uk:8080/x","host":"www.Example.CO.uk","suffix":"co.uk",'
        '"registrable":"example.co.uk","subdomain":"www","label":"example","section":"icann","known":true,'
        '"rule":"co.uk","icann_suffix":"co.uk","icann_registrable":"example.co.uk","error":null}\n'
        '{"input":"file:///x","host":null,"suffix":null,"registrable":null,"subdomain":null,"label":null,'
        '"section":null,"known":false,"rule":null,"icann_suffix":null,"icann_registrable":null,'
        '"error":"the URL has no host"}\n'
    )
    out = run("--json", "me.github.io", "a..b")
    assert out.stdout == (
        '{"input":"me.github.io","suffix":"github.io","registrable":"me.github.io","subdomain":null,'
        '"label":"me","section":"private","known":true,"rule":"github.io","icann_suffix":"io",'
        '"icann_registrable":"github.io","error":null}\n'
        '{"input":"a..b","suffix":null,"registrable":null,"subdomain":null,"label":null,"section":null,'
        '"known":false,"rule":null,"icann_suffix":null,"icann_registrable":null,"error":"empty label at byte 2"}\n'
    )
    # A URL given as a host: etld's message, with no hint at Python's
    # functions (`--url` is this command line's way).
    # A note on standard error counts them, as etld's does.
    out = run("https://x.example/")
    assert out.stdout == "error: forbidden code point ':' (U+003A) at byte 5\n"
    assert out.stderr == (
        "etld: 1 invalid host looks like a URL (or host:port, or an e-mail address); --url looks up its host\n"
    )
    out = run("--json", "a@b.example", "x.example:80", "a..b")
    assert [json.loads(line)["error"] for line in out.stdout.splitlines()] == [
        "forbidden code point '@' (U+0040) at byte 1",
        "forbidden code point ':' (U+003A) at byte 9",
        "empty label at byte 2",
    ]
    assert out.stderr == (
        "etld: 2 invalid hosts look like URLs (or host:port, or e-mail addresses); --url looks up their hosts\n"
    )
    # The list and its options, chosen as `etld lookup` chooses them.
    (tmp_path / "own.dat").write_text("// ===BEGIN ICANN DOMAINS===\nexample\n// ===END ICANN DOMAINS===\n")
    (tmp_path / "corp.dat").write_text("corp.example\n")
    out = run("--list", str(tmp_path / "own.dat"), "--extra", str(tmp_path / "corp.dat"), "a.b.corp.example", "x.y.example")
    assert out.stdout == "b.corp.example\tcorp.example\ny.example\texample\n", out.stderr
    out = run("--icann-only", "--output", "ASCII", "me.users.etld-test.example", "www.bücher.de")
    assert out.stdout == "etld-test.example\texample\nxn--bcher-kva.de\tde\n", out.stderr
    out = run("--no-implicit-rule", "a.unlisted-tld")
    assert out.stdout == "\t\n", out.stderr
    missing = run("--list", str(tmp_path / "missing.dat"), "a.com")
    assert (missing.returncode, missing.stdout) == (1, "")
    assert missing.stderr.startswith(f"etld: cannot read list file {tmp_path / 'missing.dat'}: ")
    refused = run("update", "--url", "file:///x")
    assert refused.returncode == 1
    assert refused.stderr.startswith("etld: cannot download file:///x: ")
    # The command's own way to force, as `etld update` names it.
    undated = run("update", "--url", url.rsplit("/", 1)[0] + "/undated")
    assert undated.returncode == 1
    assert undated.stderr.endswith("; the list in use is unchanged; --force installs it anyway\n"), undated.stderr


def test_ctrl_c_stops_an_update_waiting_on_a_server(tmp_path):
    # A server that accepts and never answers: the update would wait for
    # its timeouts; Ctrl-C raises KeyboardInterrupt at once.
    import socket

    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(4)
    url = f"http://127.0.0.1:{listener.getsockname()[1]}/public_suffix_list.dat"
    child_code = (
        "import sys, time, etld\n"
        "print('ready', flush=True)\n"
        "t = time.monotonic()\n"
        "try:\n"
        f"    etld.update({url!r})\n"
        "except KeyboardInterrupt:\n"
        "    print(f'interrupted after {time.monotonic() - t:.2f} s', flush=True)\n"
        "    raise\n"
    )
    env = dict(os.environ, ETLD_CACHE_DIR=str(tmp_path), ETLD_SYSTEM_LIST="")
    try:
        out, err, waited = interrupt(child_code, after=1.0, env=env)
    finally:
        listener.close()
    assert "interrupted after" in out, out + err
    assert "KeyboardInterrupt" in err
    assert waited < 1.5, f"exited {waited:.2f} s after SIGINT"
    assert not (tmp_path / "public_suffix_list.fst").exists()


def test_python_m_etld_writes_warnings_as_etld_does(tmp_path, monkeypatch):
    # A damaged installed list, passed over: one line on stderr, `etld`'s,
    # not Python's warning with its file and line.
    installed = tmp_path / "public_suffix_list.fst"
    installed.write_bytes(b"ETLDFST\n")
    env = dict(os.environ, ETLD_CACHE_DIR=str(tmp_path), ETLD_SYSTEM_LIST="")
    env.pop("ETLD_LIST", None)
    env.pop("ETLD_EXTRA", None)
    run = subprocess.run(
        [sys.executable, "-m", "etld", "www.example.co.uk"], env=env, capture_output=True, text=True
    )
    assert run.stdout == "example.co.uk\tco.uk\n"
    assert run.stderr.startswith(f"etld: warning: ignoring the installed list: {installed} "), run.stderr
    assert run.stderr.count("\n") == 1
    # From Python, the same is a UserWarning without the `warning: `.
    monkeypatch.setenv("ETLD_CACHE_DIR", str(tmp_path))
    monkeypatch.setenv("ETLD_SYSTEM_LIST", "")
    monkeypatch.delenv("ETLD_LIST", raising=False)
    with pytest.warns(UserWarning, match=f"^etld: ignoring the installed list: {installed} "):
        etld.List()


def test_python_m_etld_reads_standard_input_as_etld_does(tmp_path):
    # Bytes, UTF-8 on every platform: a line that is not UTF-8 is an error
    # at its byte, a byte order mark and CRLF line ends are dropped, and the
    # answers end in bare line feeds, as `etld` writes them.
    env = dict(os.environ, ETLD_CACHE_DIR=str(tmp_path), ETLD_SYSTEM_LIST="")
    env.pop("ETLD_LIST", None)
    env.pop("ETLD_EXTRA", None)
    lines = b"\xef\xbb\xbfwww.example.co.uk\r\na\xff.com\nwww.b\xc3\xbccher.de\n"
    plain = subprocess.run([sys.executable, "-m", "etld"], input=lines, env=env, capture_output=True)
    assert plain.stdout == "example.co.uk\tco.uk\nerror: invalid UTF-8 at byte 1\nbücher.de\tde\n".encode()
    as_json = subprocess.run([sys.executable, "-m", "etld", "--json"], input=lines, env=env, capture_output=True)
    rows = [json.loads(line) for line in as_json.stdout.decode().splitlines()]
    assert [r["input"] for r in rows] == ["www.example.co.uk", "a\ufffd.com", "www.bücher.de"]
    assert rows[1]["error"] == "invalid UTF-8 at byte 1"
