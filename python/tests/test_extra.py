"""Extra rules laid over a list (`extra=`, `$ETLD_EXTRA`, `List.with_extra`),
against `etld lookup --json --extra FILE` (`data/extra-vectors.json`, made by
`data/make_extra_vectors.py`; and the command line itself when it is built)."""

import errno
import json
import os
import pathlib
import pickle
import shutil
import subprocess
import sys

import pytest

import etld
from conftest import DATA, URL_HINT, kwargs_of

CORP = os.path.join(DATA, "corp.dat")
PLATFORM = os.path.join(DATA, "platform.dat")
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

with open(os.path.join(DATA, "extra-vectors.json"), encoding="utf-8") as _f:
    CASES = json.load(_f)


#: The fields of an answer of `etld --json`, every one a `Domain` has too.
FIELDS = ("suffix", "registrable", "subdomain", "label", "section", "known", "rule", "icann_suffix", "icann_registrable")


def answers_of(lst, hosts):
    """What `etld --json` prints for each host, from `lst`."""
    out = []
    for h in hosts:
        try:
            d = lst.lookup(h)
        except etld.HostError as e:
            # The command line's message, without the package's hint.
            error = str(e).removesuffix(URL_HINT)
            out.append({"input": h, **{k: None for k in FIELDS}, "known": False, "error": error})
            continue
        out.append({"input": h, **{k: getattr(d, k) for k in FIELDS}, "error": None})
    return out


def case_id(case):
    env = f"ETLD_EXTRA={','.join(case['env_extra'])} " if case["env_extra"] else ""
    return env + " ".join(["--extra " + f for f in case["extra"]] + case["options"])


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_layered_list_matches_cli(case, monkeypatch):
    monkeypatch.setenv("ETLD_EXTRA", os.pathsep.join(os.path.join(DATA, f) for f in case["env_extra"]))
    kw = kwargs_of(case["options"])
    extra = [os.path.join(DATA, f) for f in case["extra"]]
    want = case["answers"]
    lst = etld.List(extra=extra, **kw)
    assert answers_of(lst, case["inputs"]) == want
    # The same list, made otherwise: the files in order on the built-in
    # list, or their texts laid one by one.
    files = [os.path.join(DATA, f) for f in case["env_extra"]] + extra
    assert answers_of(etld.List.builtin(extra=files, **kw), case["inputs"]) == want
    by_text = etld.List.builtin(**kw)
    for f in files:
        by_text = by_text.with_extra(pathlib.Path(f).read_bytes(), name=f)
    assert answers_of(by_text, case["inputs"]) == want
    assert by_text.fingerprint == lst.fingerprint
    assert [layer.name for layer in lst.layers] == files
    # The string functions and the columns too.
    for host, a in zip(case["inputs"], case["answers"]):
        assert lst.registrable(host) == a["registrable"], host
        assert lst.suffix(host) == a["suffix"], host


def etld_binary():
    target = os.environ.get("CARGO_TARGET_DIR") or os.path.join(ROOT, "target")
    for kind in ("release", "debug"):
        path = os.path.join(target, kind, "etld")
        if os.access(path, os.X_OK):
            return path
    return shutil.which("etld")


# Skipped only outside CI, where nothing may have built the command line;
# CI builds it (`cargo test --workspace`) before the Python step, and fails
# the test if it is missing.
@pytest.mark.skipif(
    etld_binary() is None and not os.environ.get("CI"),
    reason="the etld command line is not built (cargo build -p etld-cli)",
)
def test_layered_list_matches_the_cli_run_now(tmp_path, cache_dir):
    """The command line as it is now, on text of extra rules written here."""
    extra = tmp_path / "mine.dat"
    extra.write_text("// ===BEGIN PRIVATE DOMAINS===\n*.apps.mine.example\n!www.apps.mine.example\n!x.kobe.jp\n")
    hosts = [c for c in CASES[0]["inputs"]] + ["a.b.apps.mine.example", "www.apps.mine.example", "y.x.kobe.jp"]
    env = dict(os.environ, ETLD_CACHE_DIR=cache_dir, ETLD_SYSTEM_LIST="", ETLD_EXTRA=CORP)
    env.pop("ETLD_LIST", None)
    binary = etld_binary()
    assert binary is not None, "the etld command line is not built (cargo build -p etld-cli)"
    out = subprocess.run(
        [binary, "lookup", "--json", "--extra", str(extra)],
        input=("\n".join(hosts) + "\n").encode(),
        capture_output=True,
        env=env,
        check=True,
    )
    want = [json.loads(line) for line in out.stdout.decode().splitlines()]
    assert answers_of(etld.List.builtin(extra=[CORP, extra]), hosts) == want


def test_etld_extra_is_read_by_list_and_the_module(monkeypatch, tmp_path):
    monkeypatch.setenv("ETLD_EXTRA", os.pathsep.join([PLATFORM, "", CORP]))
    lst = etld.List()
    assert [layer.name for layer in lst.layers] == [PLATFORM, CORP]
    assert lst.suffix("a.b.kobe.jp") == "kobe.jp"
    # extra= comes after $ETLD_EXTRA.
    (tmp_path / "last.dat").write_text("!c.kobe.jp\n")
    lst = etld.List(extra=tmp_path / "last.dat")
    assert [layer.name for layer in lst.layers] == [PLATFORM, CORP, str(tmp_path / "last.dat")]
    assert lst.suffix("a.c.kobe.jp") == "kobe.jp"
    # $ETLD_EXTRA is the command line's: List(path) reads it, the other
    # constructors do not.
    lst = etld.List(CORP.replace("corp.dat", "platform.dat"))
    assert len(lst.layers) == 2
    assert etld.List.builtin().layers == []
    assert etld.List.from_path(PLATFORM).layers == []
    # The module-level functions, in a process of their own.
    code = "import etld; print(etld.suffix('a.b.kobe.jp'), etld.registrable('x.api.dev.corp.example'), len(etld.default_list().layers))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=dict(os.environ))
    assert out.stdout.split() == ["kobe.jp", "api.dev.corp.example", "2"]
    monkeypatch.setenv("ETLD_EXTRA", str(tmp_path / "missing.dat"))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=dict(os.environ))
    assert out.returncode != 0
    missing = str(tmp_path / "missing.dat")
    assert f"FileNotFoundError: [Errno {errno.ENOENT}] {os.strerror(errno.ENOENT)}: {missing!r}" in out.stderr


def test_extra_takes_paths_and_sequences_of_them():
    want = etld.List.builtin(extra=[PLATFORM, CORP]).fingerprint
    for extra in ([PLATFORM, CORP], (pathlib.Path(PLATFORM), CORP), iter([PLATFORM, pathlib.Path(CORP)])):
        assert etld.List.builtin(extra=extra).fingerprint == want
    # A path as bytes is one path, as open() takes it, alone or in a list.
    corp = etld.List.builtin(extra=CORP).fingerprint
    assert etld.List.builtin(extra=os.fsencode(CORP)).fingerprint == corp
    assert etld.List.builtin(extra=[os.fsencode(CORP)]).fingerprint == corp
    # And a list's own path, as bytes too.
    list_path = os.fsencode(CORP.replace("corp.dat", "platform.dat"))
    assert etld.List.from_path(list_path).fingerprint == etld.List.from_path(os.fsdecode(list_path)).fingerprint
    assert etld.List(list_path).fingerprint == etld.List(pathlib.Path(os.fsdecode(list_path))).fingerprint
    one = etld.List.builtin(extra=pathlib.Path(CORP))
    assert one.fingerprint == etld.List.builtin(extra=CORP).fingerprint
    assert one.fingerprint != etld.List.builtin().fingerprint
    assert etld.List.builtin(extra=None).layers == etld.List.builtin(extra=[]).layers == []
    for bad in (42, [42]):
        with pytest.raises(TypeError, match=r"expected str, bytes or os.PathLike object.* not int"):
            etld.List.builtin(extra=bad)


def test_layers_say_what_was_laid():
    lst = etld.List.builtin(extra=CORP)
    (layer,) = lst.layers
    assert (layer.name, layer.rules, layer.version, layer.commit) == (CORP, 8, "corp-7", None)
    assert layer.rule_counts == {"total": 8, "icann": 5, "private": 3}
    assert repr(layer) == f"etld.Layer(name={CORP!r}, rules=8, version='corp-7')"
    # The list's own VERSION comes first, as in the appended text.
    assert lst.version == etld.BUILTIN_LIST_VERSION
    assert "extra=" in repr(lst)
    assert lst.with_options(icann_only=True).layers == lst.layers


def test_a_lists_repr_shows_its_options():
    v = etld.BUILTIN_LIST_VERSION
    assert repr(etld.List.builtin()) == f'etld.List(version="{v}", source="the built-in list")'
    lst = etld.List.builtin(icann_only=True, implicit_rule=False, wildcard_root=True, output="ascii")
    assert repr(lst) == (
        f'etld.List(version="{v}", source="the built-in list", icann_only=True, implicit_rule=False, '
        'wildcard_root=True, output="ascii")'
    )


def test_with_extra():
    base = etld.List.builtin(wildcard_root=True)
    text = "*.dev.corp.example\n!www.dev.corp.example\n"
    for given in (text, text.encode()):
        lst = base.with_extra(given, name="corp")
        assert lst.options == base.options
        assert lst.suffix("a.b.dev.corp.example") == "b.dev.corp.example"
        assert lst.suffix("www.dev.corp.example") == "dev.corp.example"
        assert lst.suffix("kobe.jp") == "kobe.jp"  # the options kept
        assert [l.name for l in lst.layers] == ["corp"]
    assert base.layers == []  # a new list; the old one as it was
    assert base.with_extra("x.example\n").layers[0].name == "<text>"
    # Laid one by one or appended: the same list.
    small = "// VERSION: 1\ncom\n*.kobe.jp\n"
    layered = etld.List.from_bytes(small).with_extra("!b.kobe.jp\n").with_extra("// VERSION: 2\nexample.com\n")
    whole = etld.List.from_bytes(small + "!b.kobe.jp\n// VERSION: 2\nexample.com\n")
    assert layered.fingerprint == whole.fingerprint
    assert layered.to_fst_bytes() == whole.to_fst_bytes()
    assert layered.version == "1"
    assert [l.version for l in layered.layers] == [None, "2"]


def test_a_file_the_environment_names_is_said_to_be_so(tmp_path, monkeypatch):
    missing = tmp_path / "missing.dat"
    bad = tmp_path / "bad.dat"
    bad.write_text("*bad.example\n")
    monkeypatch.setenv("ETLD_EXTRA", str(missing))
    with pytest.raises(FileNotFoundError) as e:
        etld.List()
    assert e.value._line.endswith("; $ETLD_EXTRA names it")
    monkeypatch.setenv("ETLD_EXTRA", str(bad))
    with pytest.raises(etld.ListError, match=r"a wildcard must be a whole label; \$ETLD_EXTRA names it$"):
        etld.List()
    # Given in the call too: the call's own file, no variable named.
    with pytest.raises(etld.ListError, match=r"whole label$"):
        etld.List(extra=bad)
    monkeypatch.delenv("ETLD_EXTRA")
    monkeypatch.setenv("ETLD_LIST", str(missing))
    with pytest.raises(FileNotFoundError) as e:
        etld.List()
    assert e.value._line == f"etld: cannot read list file {missing}: No such file or directory (os error 2); $ETLD_LIST names it"
    with pytest.raises(FileNotFoundError) as e:
        etld.List(str(missing))
    assert not e.value._line.endswith("names it")


@pytest.mark.skipif(sys.platform == "win32", reason="a file name that is not UTF-8 is a Unix one")
def test_a_file_name_that_is_not_utf8_is_named_as_it_is(tmp_path, monkeypatch):
    # Its error names the variable that named it, and its `path` opens the
    # file again (the name as `os.fsdecode` gives it).
    raw = os.fsencode(tmp_path) + b"/\xfe.dat"
    with open(raw, "wb") as f:
        f.write(b"*bad.example\n")
    monkeypatch.setenv("ETLD_EXTRA", os.fsdecode(raw))
    with pytest.raises(etld.ListError, match=r"whole label; \$ETLD_EXTRA names it$") as e:
        etld.List()
    assert os.fsencode(e.value.path) == raw and e.value.line == 1
    with pytest.raises(etld.ListError) as e:
        etld.List.builtin(extra=raw)
    assert os.fsencode(e.value.path) == raw


def test_a_path_with_a_nul_is_refused_as_open_refuses_it(tmp_path):
    with pytest.raises(ValueError) as want:
        open(str(tmp_path) + "/a\0b.dat")
    for call in (
        lambda p: etld.List(p),
        lambda p: etld.List.from_path(p),
        lambda p: etld.List.builtin(extra=p),
        lambda p: etld.List.builtin(extra=[p]),
    ):
        for path in (str(tmp_path) + "/a\0b.dat", os.fsencode(tmp_path) + b"/a\0b.dat"):
            with pytest.raises(ValueError) as e:
                call(path)
            assert str(e.value) == str(want.value)


def test_bad_extra_files(tmp_path):
    missing = tmp_path / "missing.dat"
    # A file that cannot be read raises what open() would, as a list file
    # does: its errno, strerror and filename, and open()'s message.
    with pytest.raises(FileNotFoundError) as e:
        etld.List.builtin(extra=[CORP, missing])
    with pytest.raises(FileNotFoundError) as by_open:
        open(missing)
    assert str(e.value) == str(by_open.value)
    assert (e.value.errno, e.value.strerror, e.value.filename) == (errno.ENOENT, by_open.value.strerror, str(missing))
    if sys.version_info >= (3, 11):
        # A note says what the file was for, as the command line does.
        assert e.value.__notes__ == [f"etld: cannot read extra rules file {missing}: No such file or directory (os error 2)"]
    with pytest.raises(FileNotFoundError) as e:
        etld.List(str(missing))
    assert (e.value.errno, e.value.filename) == (errno.ENOENT, str(missing))

    bad = tmp_path / "bad.dat"
    bad.write_text("ok.example\n// a comment\n*bad.example\n")
    with pytest.raises(etld.ListError) as e:
        etld.List(extra=bad)
    assert str(e.value) == f"{bad}: line 3, byte 0: a wildcard must be a whole label"
    assert (e.value.path, e.value.line, e.value.offset) == (str(bad), 3, 0)

    cases = {
        "list.fst": (etld.List.builtin().to_fst_bytes(), "a compiled list (.fst) cannot be laid"),
        "utf8.dat": (b"ok.example\n\xff.example\n", "line 2, byte 0: invalid UTF-8"),
        "exception.dat": (b"!com\n", "line 1, byte 0: an exception rule"),
        "label.dat": (b"a..b\n", "line 1, byte 2: empty label"),
    }
    for name, (text, message) in cases.items():
        (tmp_path / name).write_bytes(text)
        with pytest.raises(etld.ListError) as e:
            etld.List.builtin(extra=tmp_path / name)
        assert str(e.value).startswith(f"{tmp_path / name}: {message}"), name
        assert e.value.path == str(tmp_path / name)

    # A text of no rules is a layer that changes nothing.
    for name, text in {"empty.dat": b"", "comments.dat": b"// nothing here\n\n"}.items():
        (tmp_path / name).write_bytes(text)
        layered = etld.List.builtin(extra=tmp_path / name)
        assert layered.registrable("www.example.co.uk") == "example.co.uk"

    # A directory, and a file past the cap (read no further than it).
    with pytest.raises(IsADirectoryError) as e:
        etld.List.builtin(extra=tmp_path)
    assert (e.value.errno, e.value.filename) == (errno.EISDIR, str(tmp_path))
    with pytest.raises(IsADirectoryError):
        etld.List(tmp_path)
    if os.path.exists("/dev/zero"):
        with pytest.raises(OSError, match="cannot read extra rules file /dev/zero"):
            etld.List.builtin(extra="/dev/zero")

    with pytest.raises(etld.ListError) as e:
        etld.List.builtin().with_extra(b"fine.example\n*x.example\n", name="mine")
    assert str(e.value) == "mine: line 2, byte 0: a wildcard must be a whole label"
    assert (e.value.path, e.value.line) == ("mine", 2)
    # Errors of other list text carry a line too, and no path.
    with pytest.raises(etld.ListError) as e:
        etld.List.from_bytes("ok\n  bar.f*o\n")
    assert (e.value.path, e.value.line, e.value.offset) == (None, 2, 7)


def test_layered_lists_pickle_with_their_layers(tmp_path):
    lists = [
        etld.List.builtin(extra=[PLATFORM, CORP], wildcard_root=True),
        etld.List.from_bytes("// VERSION: 1\ncom\n*.kobe.jp\n", extra=CORP).with_extra("!b.kobe.jp\n", name="b"),
        etld.List.builtin(),
    ]
    for lst in lists:
        again = pickle.loads(pickle.dumps(lst))
        assert again.layers == lst.layers
        assert again.fingerprint == lst.fingerprint
        assert again.options == lst.options
        assert again.source == lst.source
        assert again.version == lst.version
        for h in ("a.b.kobe.jp", "x.api.dev.corp.example", "a.b.users.platform.example", "me.github.io"):
            assert again.suffix(h) == lst.suffix(h), h
    # The texts travel in the pickle: the files may be gone.
    f = tmp_path / "gone.dat"
    f.write_text("*.gone.example\n")
    lst = etld.List.builtin(extra=f)
    data = pickle.dumps(lst)
    f.unlink()
    assert pickle.loads(data).suffix("a.b.gone.example") == "b.gone.example"
