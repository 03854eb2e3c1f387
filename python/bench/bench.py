"""etld beside tldextract, publicsuffixlist, pydomainextractor and
polars-tldextract, in one run, on the realistic host mix.

    cargo build --release -p etld-bench-tools
    target/release/gen-hosts 1000000 > /tmp/hosts.txt
    python python/bench/bench.py /tmp/hosts.txt

(given no file, it runs `gen-hosts` itself from the repository's
`target/release`). Install the peers from PyPI into the same environment as
etld: `pip install tldextract publicsuffixlist pydomainextractor
polars-tldextract polars pyarrow`. None of them touches the network:
tldextract reads its bundled snapshot (`suffix_list_urls=()`, no cache
directory), the others embed their list.

What it measures (the best of `--repeat` runs each, for every library),
every library on the same list of hosts:

- scalar calls/s, one host per call from a Python loop, on one core, in
  two answer shapes: the registrable domain alone (`etld.registrable`,
  `publicsuffixlist.privatesuffix`, tldextract's
  `top_domain_under_public_suffix`, and pydomainextractor's calls that
  yield it, `extract` and `parse_domain_parts`, of which the faster is the
  peer: the call alone, its parts left unjoined; and that call with its
  parts joined into the registrable domain, etld's answer shape, as a
  user of pydomainextractor writes it), and the full split
  (`etld.extract`, tldextract's shape, and `etld.lookup`, beside
  pydomainextractor's `extract`);
- a column, hosts/s: `etld.registrable(array)` on a pyarrow array, and
  etld and polars-tldextract's `registrable_domain` each as an expression
  in the same `df.select` of the same DataFrame, on one core and on all
  (each splits a column across threads by itself; polars-tldextract takes
  URLs or hosts in one entry);
- Polars GROUP BY by site, rows/s on all cores:
  `df.group_by(site=pl.col("host").etld.registrable()).len()` beside
  `df.group_by(site=tld.registrable_domain("host")).len()`.

With `--functions`, it times instead every scalar function of etld (a
call per host, one core, no peers needed): `registrable`, `suffix`,
`subdomain`, `label`, `section`, `known`, `error`, `lookup`, `lookup_url`
(on `https://HOST/`), `host` (likewise), `is_cookie_domain_acceptable`
(HOST, `example.com`) and `registrable(url, url=True)` (on
`https://HOST/`).

With `--kinds`, it times `etld.registrable(host)` (a call per host, one
core, no peers needed) on each kind of host of the mix, as
`examples/lookup_kinds.rs` splits it (`plain`, `upper`, `xn`, `unicode`),
then on the whole mix in its own order and with the hosts of each run of
256, of 4,096 and of all put in order of kind: what the mix costs beyond
the sum of its kinds, when each kind's work comes between the others'.

With `--scalar`, it times the scalar calls alone, etld's
`registrable(host)`, `extract(host)` and `lookup(host)` and
pydomainextractor's `extract(host)` and `parse_domain_parts(host)` (alone
and joined) in turn, `--repeat` rounds of one pass each, and gives the
best pass of each and the ratios (the registrable domain alone against
pydomainextractor's faster call and against its joined parts, the full
split against its `extract`): the calls share every moment of the run,
where the default times each library's passes back to back.

With `--urls`, it times calls on URLs likewise, each host given as
`https://HOST/`: etld's `extract(url)`, `lookup_url(url)` and
`registrable(url, url=True)` against pydomainextractor's
`extract_from_url(url)`, and gives the ratios to it.

With `--column`, it times the column alone on one core likewise, in
turn: `etld.registrable(array)` on a pyarrow array and, in `df.select` of
the same DataFrame, etld's and polars-tldextract's expressions, `--repeat`
rounds of one pass each, and gives the best pass of each and the ratios;
then the same on a column of URLs (`https://HOST/`), etld's with
`url=True`, polars-tldextract's as it is (it takes URLs and hosts alike).

"One core" is this process, every thread of it, pinned to CPU 0
(`os.sched_setaffinity`), as `taskset -a -c 0` would.

Each library answers with its defaults: etld counts the PRIVATE section
(`me.github.io` is a site), tldextract and polars-tldextract leave it out
unless asked, and so answer less per host.
"""

import argparse
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def load_hosts(path, n):
    if path:
        with open(path, encoding="utf-8") as f:
            hosts = f.read().splitlines()
    else:
        gen = os.path.join(ROOT, "target", "release", "gen-hosts")
        out = subprocess.run([gen, str(n)], capture_output=True, check=True).stdout
        hosts = out.decode().splitlines()
    return hosts[:n]


def best(fn, repeat):
    """The shortest of `repeat` timed runs of `fn`, in seconds."""
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def in_turn(runs, repeat):
    """The shortest pass of each of `runs` (a name for each function),
    `repeat` rounds of one pass of each in turn, so that all share every
    moment of the run."""
    fastest = {name: float("inf") for name in runs}
    for _ in range(repeat):
        for name, run in runs.items():
            fastest[name] = min(fastest[name], best(run, 1))
    return fastest


def pde_registrable(pde):
    """pydomainextractor's registrable domain of a host: the fastest way
    its calls yield it, `parse_domain_parts` with its domain and suffix
    joined (None where it finds no domain), as a user writes it."""
    parts = pde.parse_domain_parts

    def registrable(host):
        suffix, domain, _ = parts(host)
        return f"{domain}.{suffix}" if domain else None

    return registrable


def scalar_loop(f, hosts):
    def run():
        for h in hosts:
            try:
                f(h)
            except Exception:
                pass

    return run


def scalar_url_loop(f, urls):
    """`scalar_loop` of `f(url, url=True)`, a host function on URLs: a
    loop of its own, where `functools.partial` would time its own call too."""

    def run():
        for u in urls:
            try:
                f(u, url=True)
            except Exception:
                pass

    return run


def pin(cpus):
    """Pins every thread of this process to `cpus`, as `taskset -a -p`
    does: `os.sched_setaffinity(0, ...)` moves the calling thread only, and
    a pool of threads started while the process was pinned (Polars starts
    its pool on first use) would stay on the one core."""
    if not hasattr(os, "sched_setaffinity"):
        return
    tasks = "/proc/self/task"
    tids = [int(t) for t in os.listdir(tasks)] if os.path.isdir(tasks) else [0]
    for tid in tids:
        try:
            os.sched_setaffinity(tid, cpus)
        except OSError:
            pass  # a thread that ended meanwhile


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("hosts", nargs="?", help="a file of hosts, one a line (default: gen-hosts N)")
    ap.add_argument("-n", type=int, default=1_000_000, help="hosts (default 1,000,000)")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--functions", action="store_true", help="time every scalar function of etld, no peers")
    ap.add_argument("--kinds", action="store_true", help="time etld.registrable by kind of host, no peers")
    ap.add_argument("--scalar", action="store_true", help="etld's and pydomainextractor's scalar calls in turn")
    ap.add_argument("--urls", action="store_true", help="etld's and pydomainextractor's calls on URLs in turn")
    ap.add_argument("--column", action="store_true", help="etld's and polars-tldextract's columns in turn, one core")
    args = ap.parse_args()
    if args.functions:
        return functions(args)
    if args.kinds:
        return kinds(args)
    if args.scalar:
        return scalar_in_turn(args)
    if args.urls:
        return urls_in_turn(args)
    if args.column:
        return column_in_turn(args)

    import polars as pl
    import pyarrow as pa

    import etld
    import etld.polars  # noqa: F401

    hosts = load_hosts(args.hosts, args.n)
    n = len(hosts)
    all_cpus = os.sched_getaffinity(0) if hasattr(os, "sched_getaffinity") else None
    print(f"{n} hosts; etld {etld.__version__} (list {etld.list_version()}), Python {sys.version.split()[0]}")
    rows = []

    def report(what, name, seconds, unit="hosts/s"):
        rate = n / seconds
        rows.append((what, name, rate))
        print(f"  {what:<34} {name:<26} {rate / 1e6:8.2f} M {unit}", flush=True)
        return rate

    # --- scalars, one core ---
    pin({min(all_cpus)} if all_cpus else None)
    print("scalar calls, one core:")
    import publicsuffixlist
    import pydomainextractor
    import tldextract

    ext = tldextract.TLDExtract(cache_dir=None, suffix_list_urls=(), fallback_to_snapshot=True)
    ext("warm.example.com")
    psl = publicsuffixlist.PublicSuffixList()
    pde = pydomainextractor.DomainExtractor()
    etld.registrable("warm.example.com")
    scalar = {}
    scalar["etld"] = report("scalar", "etld.registrable", best(scalar_loop(etld.registrable, hosts), args.repeat), "calls/s")
    scalar["pydomainextractor"] = report(
        "scalar", "pydomainextractor.extract", best(scalar_loop(pde.extract, hosts), args.repeat), "calls/s"
    )
    scalar["pydomainextractor parts"] = report(
        "scalar",
        "pydomainextractor.parse_domain_parts",
        best(scalar_loop(pde.parse_domain_parts, hosts), args.repeat),
        "calls/s",
    )
    scalar["pydomainextractor joined"] = report(
        "scalar",
        "pydomainextractor, joined",
        best(scalar_loop(pde_registrable(pde), hosts), args.repeat),
        "calls/s",
    )
    scalar["publicsuffixlist"] = report(
        "scalar", "publicsuffixlist.privatesuffix", best(scalar_loop(psl.privatesuffix, hosts), args.repeat), "calls/s"
    )
    scalar["tldextract"] = report(
        "scalar",
        "tldextract (top_domain)",
        best(scalar_loop(lambda h: ext(h).top_domain_under_public_suffix, hosts), args.repeat),
        "calls/s",
    )
    print("scalar calls, one core, the full split:")
    scalar["etld extract"] = report("full split", "etld.extract", best(scalar_loop(etld.extract, hosts), args.repeat), "calls/s")
    scalar["etld lookup"] = report("full split", "etld.lookup", best(scalar_loop(etld.lookup, hosts), args.repeat), "calls/s")
    pde_fastest = max(scalar["pydomainextractor"], scalar["pydomainextractor parts"])

    # --- columns ---
    import polars_tldextract as tld

    array = pa.array(hosts, type=pa.string())
    df = pl.DataFrame({"host": hosts})
    series = df["host"]
    etld.registrable(array)
    df.select(pl.col("host").etld.registrable())
    df.select(tld.registrable_domain("host"))
    print("columns, one core:")
    col = {}
    col["etld pyarrow"] = report("column, one core", "etld.registrable(pa.Array)", best(lambda: etld.registrable(array), args.repeat))
    col["etld polars"] = report("column, one core", "etld.registrable(pl.Series)", best(lambda: etld.registrable(series), args.repeat))
    col["etld select"] = report(
        "column, one core",
        "df.select(etld.registrable())",
        best(lambda: df.select(pl.col("host").etld.registrable()), args.repeat),
    )
    col["ptld 1"] = report(
        "column, one core",
        "polars-tldextract",
        best(lambda: df.select(tld.registrable_domain("host")), args.repeat),
    )
    if all_cpus:
        pin(all_cpus)
    print(f"columns, all {len(all_cpus) if all_cpus else '?'} cores:")
    col["etld all"] = report(
        "column, all cores", "etld.registrable(pa.Array)", best(lambda: etld.registrable(array), args.repeat)
    )
    col["ptld all"] = report(
        "column, all cores",
        "polars-tldextract",
        best(lambda: df.select(tld.registrable_domain("host")), args.repeat),
    )
    print(f"Polars GROUP BY by site, all cores:")
    gb = {}
    gb["etld"] = report(
        "group by site",
        "pl.col.etld.registrable()",
        best(lambda: df.group_by(site=pl.col("host").etld.registrable()).len(), args.repeat),
        "rows/s",
    )
    gb["ptld"] = report(
        "group by site",
        "tld.registrable_domain",
        best(lambda: df.group_by(site=tld.registrable_domain("host")).len(), args.repeat),
        "rows/s",
    )

    print("ratios:")
    print(f"  scalar: etld.registrable / pydomainextractor's faster call  {scalar['etld'] / pde_fastest:.2f}x")
    print(f"  scalar: etld.registrable / pydomainextractor, joined         {scalar['etld'] / scalar['pydomainextractor joined']:.2f}x")
    print(f"  full split: etld.extract / pydomainextractor.extract         {scalar['etld extract'] / scalar['pydomainextractor']:.2f}x")
    print(f"  full split: etld.lookup / pydomainextractor.extract          {scalar['etld lookup'] / scalar['pydomainextractor']:.2f}x")
    print(f"  scalar: etld / publicsuffixlist             {scalar['etld'] / scalar['publicsuffixlist']:.1f}x")
    print(f"  scalar: etld / tldextract                   {scalar['etld'] / scalar['tldextract']:.1f}x")
    print(f"  pyarrow column, one core: {col['etld pyarrow'] / 1e6:.1f} M hosts/s")
    print(f"  column: etld one core / polars-tldextract one core   {col['etld pyarrow'] / col['ptld 1']:.2f}x")
    print(f"  column, both in df.select: etld / polars-tldextract, one core  {col['etld select'] / col['ptld 1']:.2f}x")
    print(f"  column: etld one core / polars-tldextract all cores  {col['etld pyarrow'] / col['ptld all']:.1f}x")
    print(f"  column: etld all cores / polars-tldextract all cores {col['etld all'] / col['ptld all']:.1f}x")
    print(f"  Polars GROUP BY: etld / polars-tldextract   {gb['etld'] / gb['ptld']:.1f}x")


def functions(args):
    """Every scalar function of etld, a call per host, on one core."""
    import etld

    hosts = load_hosts(args.hosts, args.n)
    urls = [f"https://{h}/" for h in hosts]
    n = len(hosts)
    pin({min(os.sched_getaffinity(0))} if hasattr(os, "sched_getaffinity") else None)
    print(f"{n} hosts; etld {etld.__version__}, Python {sys.version.split()[0]}; a call per host, one core:")
    cookie = etld.is_cookie_domain_acceptable
    cases = [(name, getattr(etld, name), hosts) for name in
             ("registrable", "suffix", "subdomain", "label", "section", "known", "error", "lookup")]
    cases += [("lookup_url", etld.lookup_url, urls), ("host", etld.host, urls)]
    cases += [("is_cookie_domain_acceptable", lambda h: cookie(h, "example.com"), hosts)]
    for _, f, inputs in cases:
        f(inputs[0])
    loops = [(name, scalar_loop(f, inputs)) for name, f, inputs in cases]
    loops += [("registrable(url, url=True)", scalar_url_loop(etld.registrable, urls))]
    for name, loop in loops:
        seconds = best(loop, args.repeat)
        print(f"  etld.{name:<28} {n / seconds / 1e6:6.2f} M calls/s {seconds / n * 1e9:7.1f} ns a call", flush=True)


def scalar_in_turn(args):
    """etld's and pydomainextractor's scalar calls, a pass of each in turn,
    on one core."""
    import pydomainextractor

    import etld

    hosts = load_hosts(args.hosts, args.n)
    n = len(hosts)
    pin({min(os.sched_getaffinity(0))} if hasattr(os, "sched_getaffinity") else None)
    print(f"{n} hosts; etld {etld.__version__}, Python {sys.version.split()[0]}; a call per host, one core, in turn:")
    pde = pydomainextractor.DomainExtractor()
    calls = {
        "etld.registrable": etld.registrable,
        "etld.extract": etld.extract,
        "etld.lookup": etld.lookup,
        "pydomainextractor.extract": pde.extract,
        "pydomainextractor.parse_domain_parts": pde.parse_domain_parts,
        "pydomainextractor, joined": pde_registrable(pde),
    }
    for f in calls.values():
        f("warm.example.com")
    fastest = in_turn({name: scalar_loop(f, hosts) for name, f in calls.items()}, args.repeat)
    for name, seconds in fastest.items():
        print(f"  {name:<38} {n / seconds / 1e6:6.2f} M calls/s {seconds / n * 1e9:7.1f} ns a call")
    pde_fastest = min(fastest["pydomainextractor.extract"], fastest["pydomainextractor.parse_domain_parts"])
    print(f"  etld.registrable / pydomainextractor's faster call  {pde_fastest / fastest['etld.registrable']:.2f}x")
    joined = fastest["pydomainextractor, joined"] / fastest["etld.registrable"]
    print(f"  etld.registrable / pydomainextractor, joined        {joined:.2f}x")
    for name in ("etld.extract", "etld.lookup"):
        ratio = fastest["pydomainextractor.extract"] / fastest[name]
        print(f"  {name + ' / pydomainextractor.extract':<51} {ratio:.2f}x")


def urls_in_turn(args):
    """etld's and pydomainextractor's calls on URLs (`https://HOST/`), a
    pass of each in turn, on one core."""
    import pydomainextractor

    import etld

    urls = [f"https://{h}/" for h in load_hosts(args.hosts, args.n)]
    n = len(urls)
    pin({min(os.sched_getaffinity(0))} if hasattr(os, "sched_getaffinity") else None)
    print(f"{n} URLs; etld {etld.__version__}, Python {sys.version.split()[0]}; a call per URL, one core, in turn:")
    pde = pydomainextractor.DomainExtractor()
    loops = {
        "etld.extract(url)": scalar_loop(etld.extract, urls),
        "etld.lookup_url(url)": scalar_loop(etld.lookup_url, urls),
        "etld.registrable(url, url=True)": scalar_url_loop(etld.registrable, urls),
        "pydomainextractor.extract_from_url": scalar_loop(pde.extract_from_url, urls),
    }
    etld.registrable("warm.example.com")
    fastest = in_turn(loops, args.repeat)
    for name, seconds in fastest.items():
        print(f"  {name:<38} {n / seconds / 1e6:6.2f} M calls/s {seconds / n * 1e9:7.1f} ns a call")
    peer = fastest["pydomainextractor.extract_from_url"]
    for name in list(loops)[:3]:
        print(f"  {name + ' / pydomainextractor.extract_from_url':<70} {peer / fastest[name]:.2f}x")


def column_in_turn(args):
    """etld's and polars-tldextract's registrable domain of a column, a
    pass of each in turn, on one core."""
    import polars as pl
    import polars_tldextract as tld
    import pyarrow as pa

    import etld
    import etld.polars  # noqa: F401

    hosts = load_hosts(args.hosts, args.n)
    n = len(hosts)
    pin({min(os.sched_getaffinity(0))} if hasattr(os, "sched_getaffinity") else None)
    print(f"{n} hosts; etld {etld.__version__}, Python {sys.version.split()[0]}; a column, one core, in turn:")
    for what, rows, url in (("hosts", hosts, False), ("URLs", [f"https://{h}/" for h in hosts], True)):
        array = pa.array(rows, type=pa.string())
        df = pl.DataFrame({"row": rows})
        calls = {
            "etld.registrable(pa.Array)": lambda a=array, u=url: etld.registrable(a, url=u),
            "df.select(etld.registrable())": lambda d=df, u=url: d.select(pl.col("row").etld.registrable(url=u)),
            "df.select(tld.registrable_domain)": lambda d=df: d.select(tld.registrable_domain("row")),
        }
        for f in calls.values():
            f()
        fastest = in_turn(calls, args.repeat)
        print(f"  a column of {what}{' (url=True)' if url else ''}:")
        for name, seconds in fastest.items():
            print(f"  {name:<38} {n / seconds / 1e6:6.2f} M {what}/s")
        peer = fastest["df.select(tld.registrable_domain)"]
        for name in ("etld.registrable(pa.Array)", "df.select(etld.registrable())"):
            print(f"  {name + ' / polars-tldextract':<51} {peer / fastest[name]:.2f}x")


KINDS = ("plain", "upper", "xn", "unicode")


def kind_of(host):
    """The kind of `host`, as `examples/lookup_kinds.rs` tells it."""
    if not host.isascii():
        return "unicode"
    if any("A" <= c <= "Z" for c in host):
        return "upper"
    return "xn" if "xn--" in host else "plain"


def afresh(hosts):
    """New `str`s for `hosts`, made in order. A list of the hosts of one
    kind picked out of the file's list would read strings scattered across
    the memory of the whole file: 170 ns a call on the upper-case hosts,
    against 87 on the same hosts made afresh."""
    return [(h + " ")[:-1] for h in hosts]


def kinds(args):
    """`etld.registrable(host)` by kind of host, and on the mix in its own
    order and grouped by kind."""
    import etld

    hosts = load_hosts(args.hosts, args.n)
    n = len(hosts)
    pin({min(os.sched_getaffinity(0))} if hasattr(os, "sched_getaffinity") else None)
    f = etld.registrable
    f(hosts[0])
    print(f"{n} hosts; etld {etld.__version__}, Python {sys.version.split()[0]}; etld.registrable, a call per host, one core:")
    rank = {k: i for i, k in enumerate(KINDS)}
    of = [kind_of(h) for h in hosts]
    parts = 0.0
    for k in KINDS:
        some = afresh([h for h, kk in zip(hosts, of) if kk == k])
        if not some:
            continue
        seconds = best(scalar_loop(f, some), args.repeat)
        parts += seconds
        print(f"  {k:<24} {len(some) / n * 100:5.1f}% {seconds / len(some) * 1e9:7.1f} ns a call", flush=True)
    print(f"  {'the kinds, weighted':<24} {'':6} {parts / n * 1e9:7.1f} ns a call")
    ranks = [rank[k] for k in of]
    for run in (1, 256, 4096, n):
        order = hosts
        if run > 1:
            order = []
            for i in range(0, n, run):
                ranked = sorted(zip(ranks[i : i + run], hosts[i : i + run]), key=lambda p: p[0])
                order.extend(h for _, h in ranked)
        seconds = best(scalar_loop(f, afresh(order)), args.repeat)
        what = "the mix" if run == 1 else f"grouped by {run}" if run < n else "grouped whole"
        print(f"  {what:<24} {'':6} {seconds / n * 1e9:7.1f} ns a call", flush=True)


if __name__ == "__main__":
    main()
