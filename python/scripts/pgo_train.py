"""The workload that trains a profile-guided build of the `etld` wheel
(`pgo_wheel.sh`): every function of one host and every column function
run over a file of realistic hosts, in proportions like a user's, so that
the profile marks as hot what users call most (`etld.registrable(host)`,
`etld.suffix(host)`, their pyarrow columns) and leaves nothing users call
unprofiled (code a profile never saw is optimised for size).

    python pgo_train.py HOSTS_FILE

Needs the `etld` wheel built with `-Cprofile-generate` installed, and
pyarrow. The hosts should not be those the speed is measured on:
`pgo_wheel.sh` draws them from `gen-hosts` with a seed of their own.
"""

import sys

import pyarrow as pa

import etld


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
    private = etld.List.builtin(icann_only=True)
    each(private.registrable, few)
    each(lambda h: etld.registrable(h, output="unicode"), few)
    each(lambda h: etld.is_cookie_domain_acceptable(h, h), few)

    # Columns: a pyarrow array, whole and in chunks.
    column = pa.array(hosts)
    chunked = pa.chunked_array([column.slice(0, len(hosts) // 2), column.slice(len(hosts) // 2)])
    for _ in range(4):
        etld.registrable(column)
        etld.suffix(column)
    etld.registrable(chunked)
    for f in (etld.lookup, etld.subdomain, etld.label, etld.section, etld.known, etld.error):
        f(pa.array(few))
    etld.lookup_url(pa.array(urls))
    etld.is_cookie_domain_acceptable(pa.array(few), pa.array(few))


if __name__ == "__main__":
    main()
