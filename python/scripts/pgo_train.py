"""The workload that trains a profile-guided build of the `etld` wheel
(`pgo_wheel.sh`): every function of one host and every column function
run over a file of realistic hosts, in proportions like a user's, so that
the profile marks as hot what users call most (`etld.registrable(host)`,
`etld.suffix(host)`, their pyarrow columns) and leaves nothing users call
unprofiled (code a profile never saw is optimised for size).

    python pgo_train.py HOSTS_FILE

Needs the `etld` wheel built with `-Cprofile-generate` installed, pyarrow
and polars. The hosts should not be those the speed is measured on:
`pgo_wheel.sh` draws them from `gen-hosts` with a seed of their own.
"""

import sys

import polars as pl
import pyarrow as pa

import etld
import etld.polars  # noqa: F401


def each(f, hosts):
    """`f(h)` for every host, errors (an invalid host's) ignored."""
    for h in hosts:
        try:
            f(h)
        except ValueError:
            pass


def main():
    hosts = open(sys.argv[1], encoding="utf-8").read().splitlines()
    few = hosts[: len(hosts) // 10]
    urls = ["https://" + h + "/path?q=1" for h in few]

    # One host at a time: the calls users make most, most often.
    for _ in range(2):
        each(etld.registrable, hosts)
        each(etld.suffix, hosts)
    for f in (etld.lookup, etld.subdomain, etld.label, etld.section, etld.known, etld.error):
        each(f, few)
    each(etld.lookup_url, urls)
    each(etld.host, urls)
    each(etld.extract, urls)
    icann = etld.List.builtin(icann_only=True)
    each(icann.registrable, few)
    each(lambda h: etld.registrable(h, output="unicode"), few)
    each(lambda h: etld.is_cookie_domain_acceptable(h, h), few)

    # Columns: pyarrow arrays of each string type (pandas's Arrow-backed
    # columns are these too), whole and in chunks; a polars Series (views)
    # and the expression namespace in a GROUP BY.
    column = pa.array(hosts)
    chunked = pa.chunked_array([column.slice(0, len(hosts) // 2), column.slice(len(hosts) // 2)])
    series = pl.Series("host", hosts)
    for _ in range(4):
        etld.registrable(column)
        etld.suffix(column)
        etld.registrable(series)
    etld.registrable(chunked)
    etld.registrable(pa.array(hosts, type=pa.large_string()))
    etld.registrable(pa.array(hosts, type=pa.string_view()))
    etld.suffix(series)
    frame = pl.DataFrame({"host": series})
    frame.group_by(site=pl.col("host").etld.registrable()).len()
    for f in (etld.lookup, etld.subdomain, etld.label, etld.section, etld.known, etld.error):
        f(pa.array(few))
    etld.lookup_url(pa.array(urls))
    etld.extract(pa.array(urls))
    etld.is_cookie_domain_acceptable(pa.array(few), pa.array(few))


if __name__ == "__main__":
    main()
