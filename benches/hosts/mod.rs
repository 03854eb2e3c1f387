//! A deterministic generator of realistic hostnames, for benchmarks and for
//! the command line's throughput measurement (`bench-tools/src/bin/gen-hosts.rs`).
//!
//! [`realistic_hosts`]`(n, seed)` gives the same `n` hosts for the same seed
//! on every machine (its own SplitMix64 generator, no dependencies), and the
//! first `k` hosts of a longer run are those of `realistic_hosts(k, seed)`.
//!
//! The mix, per 1000 hosts (roughly what a web or DNS log looks like):
//!
//! | share | kind | examples |
//! |---:|---|---|
//! | 560 | `.com` (60%), `.net`, `.org` with 0-3 subdomain labels | `example.com`, `cdn.static.shopnews.net` |
//! | 130 | two-level ccTLDs | `www.kalumi.co.uk`, `api.pa-ro.com.au`, `ne.jp`, `com.br` hosts |
//! |  60 | single-label ccTLDs and new gTLDs | `mail.dorasi.de`, `vexo.io`, `get.shop.app` |
//! |  90 | PRIVATE-section suffixes | `me.github.io`, `x.blogspot.com`, `b.s3.amazonaws.com`, `herokuapp.com`, `netlify.app` |
//! |  30 | hosts under wildcard rules, their exceptions and parents | `ec2-1-2-3-4.us-west-2.compute.amazonaws.com`, `a.b.kobe.jp`, `city.kobe.jp`, `kobe.jp`, `x.in.futurecms.at` |
//! |  50 | IDN in Unicode | `www.食狮.公司.cn`, `bücher.de`, `пример.рф`, generated `kälu.de` |
//! |  30 | IDN in Punycode | `xn--85x722f.xn--55qx5d.cn`, `xn--bcher-kva.de` |
//! |  30 | unknown TLDs | `nas.home.lan`, `db1.corp.internal`, `printer.local` |
//! |  20 | the rest: bare public suffixes (`co.uk`, `github.io`), FQDNs with a trailing dot, IPv4 addresses | |
//!
//! On top of that, about 5% of the hosts are written in upper or mixed case
//! (`WWW.Example.COM`, `Bücher.DE`).
#![allow(dead_code)]

/// SplitMix64: a tiny, good-enough, portable generator (also used by the
/// tests and examples that make random lists).
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    // A generator's next draw, not an iterator's: it never ends.
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`).
    fn below(&mut self, n: usize) -> usize {
        (((self.next() >> 32) * n as u64) >> 32) as usize
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }

    /// True with probability `per_mille / 1000`.
    fn chance(&mut self, per_mille: usize) -> bool {
        self.below(1000) < per_mille
    }
}

const SYLLABLES: &[&str] = &[
    "al", "be", "cor", "da", "el", "fo", "gi", "ha", "in", "jo", "ka", "lu", "mi", "no", "or",
    "pa", "qui", "ra", "si", "to", "un", "ve", "wa", "xe", "yo", "zu", "ro", "sa", "te", "ni",
    "mar", "ken", "lin", "dor", "vex", "tra", "bel", "nor",
];

const WORDS: &[&str] = &[
    "shop", "news", "cloud", "mail", "data", "web", "tech", "soft", "net", "blog", "media", "home",
    "store", "app", "games", "travel", "bank", "health", "music", "photo", "city", "auto", "food",
    "sport", "book", "art", "design", "social", "market", "studio",
];

const SUBDOMAINS: &[&str] = &[
    "www", "www", "www", "www", "mail", "api", "cdn", "static", "img", "m", "blog", "shop", "dev",
    "staging", "app", "login", "auth", "assets", "media", "news", "docs", "support", "en", "de",
    "fr", "us", "eu", "s1", "s2", "edge", "ns1", "smtp", "vpn", "beta", "portal", "files",
];

const GENERIC: &[&str] = &[
    "com", "com", "com", "com", "com", "com", "net", "net", "org", "org",
];

const TWO_LEVEL: &[&str] = &[
    "co.uk", "co.uk", "org.uk", "ac.uk", "com.au", "net.au", "edu.au", "co.jp", "ne.jp", "or.jp",
    "com.br", "co.nz", "com.cn", "co.in", "com.mx", "co.za", "com.tr", "com.ar", "co.kr", "com.sg",
    "gov.uk",
];

const ONE_LEVEL: &[&str] = &[
    "de", "de", "fr", "ru", "nl", "io", "jp", "it", "pl", "uk", "app", "dev", "xyz", "info", "es",
    "ch", "se", "eu", "us", "ca", "shop",
];

const PRIVATE: &[&str] = &[
    "github.io",
    "github.io",
    "blogspot.com",
    "blogspot.com",
    "s3.amazonaws.com",
    "herokuapp.com",
    "appspot.com",
    "cloudfront.net",
    "netlify.app",
    "vercel.app",
    "azurewebsites.net",
    "pages.dev",
    "web.app",
    "firebaseapp.com",
    "myshopify.com",
    "gitlab.io",
    "readthedocs.io",
    "workers.dev",
    "fly.dev",
    "azurestaticapps.net",
];

const REGIONS: &[&str] = &[
    "us-west-2",
    "us-east-2",
    "eu-west-1",
    "eu-central-1",
    "ap-southeast-1",
    "ap-northeast-1",
];

const UNKNOWN_TLDS: &[&str] = &[
    "local",
    "internal",
    "lan",
    "corp",
    "home",
    "intranet",
    "localdomain",
];

/// IDN hosts in Unicode and their A-label form (checked against RFC 3492
/// encoders elsewhere: Python's `punycode` codec).
const IDN: &[(&str, &str)] = &[
    ("食狮.公司.cn", "xn--85x722f.xn--55qx5d.cn"),
    ("bücher.de", "xn--bcher-kva.de"),
    ("пример.рф", "xn--e1afmkfd.xn--p1ai"),
    ("müller.com", "xn--mller-kva.com"),
    ("café.fr", "xn--caf-dma.fr"),
    ("straße.de", "xn--strae-oqa.de"),
    ("例え.jp", "xn--r8jz45g.jp"),
    ("δοκιμή.ελ", "xn--jxalpdlp.xn--qxam"),
    ("中文网.中国", "xn--fiq228c5hs.xn--fiqs8s"),
    ("테스트.한국", "xn--9t4b11yi5a.xn--3e0b707e"),
    ("тест.москва", "xn--e1aybc.xn--80adxhks"),
    ("सत्यमेव.भारत", "xn--h2buczl7gtb.xn--h2brj9c"),
    ("日本語.jp", "xn--wgv71a119e.jp"),
    ("ñandú.com.ar", "xn--and-6ma2c.com.ar"),
    ("göteborg.se", "xn--gteborg-90a.se"),
    ("zürich.ch", "xn--zrich-kva.ch"),
    ("åland.fi", "xn--land-poa.fi"),
    ("παράδειγμα.gr", "xn--hxajbheg2az3al.gr"),
    ("北京大学.cn", "xn--1lq90ic7fzpc.cn"),
    ("مثال.com", "xn--mgbh0fb.com"),
    ("ドメイン.みんな", "xn--eckwd4c7c.xn--q9jyb4c"),
    ("bär.berlin", "xn--br-via.berlin"),
    ("sí.es", "xn--s-jga.es"),
    ("école.fr", "xn--cole-9oa.fr"),
];

/// Accented letters put into generated names to make Unicode labels.
const ACCENTED: &[&str] = &["ä", "ö", "ü", "é", "è", "ñ", "å", "ø", "ç", "ł"];

/// Suffixes written as Unicode for generated IDN hosts.
const IDN_SUFFIXES: &[&str] = &[
    "de",
    "com",
    "fr",
    "рф",
    "公司.cn",
    "中国",
    "at",
    "ch",
    "se",
    "net",
];

/// `n` realistic hostnames, the same for the same `seed` (see the module
/// docs for the mix).
pub fn realistic_hosts(n: usize, seed: u64) -> Vec<String> {
    let mut rng = Rng(seed);
    (0..n).map(|_| host(&mut rng)).collect()
}

/// One host.
fn host(rng: &mut Rng) -> String {
    let roll = rng.below(1000);
    let mut h = match roll {
        0..=559 => {
            let tld = rng.pick(GENERIC);
            let subs = match rng.below(100) {
                0..=29 => 0,
                30..=74 => 1,
                75..=92 => 2,
                _ => 3,
            };
            under(rng, subs, tld)
        }
        560..=689 => {
            let suffix = rng.pick(TWO_LEVEL);
            let subs = rng.below(3);
            under(rng, subs, suffix)
        }
        690..=749 => {
            let suffix = rng.pick(ONE_LEVEL);
            let subs = rng.below(3);
            under(rng, subs, suffix)
        }
        750..=839 => {
            let suffix = rng.pick(PRIVATE);
            let subs = usize::from(rng.chance(200));
            under(rng, subs, suffix)
        }
        840..=869 => wildcard(rng),
        870..=919 => idn_unicode(rng),
        920..=949 => {
            let (_, ascii) = IDN[rng.below(IDN.len())];
            prefix(rng, ascii)
        }
        950..=979 => {
            let tld = rng.pick(UNKNOWN_TLDS);
            let subs = rng.below(3);
            under(rng, subs, tld)
        }
        _ => odd(rng),
    };
    if rng.chance(50) {
        h = shout(rng, &h);
    }
    h
}

/// A made-up registrable label: syllables, sometimes a word, a digit or a hyphen.
fn name(rng: &mut Rng) -> String {
    let mut s = String::new();
    if rng.chance(300) {
        s.push_str(rng.pick(WORDS));
        if rng.chance(300) {
            s.push('-');
        }
    }
    for _ in 0..2 + rng.below(2) {
        s.push_str(rng.pick(SYLLABLES));
    }
    if rng.chance(150) {
        s.push_str(&rng.below(100).to_string());
    }
    s
}

/// A subdomain label: a common one, or a node-like name.
fn sub(rng: &mut Rng) -> String {
    if rng.chance(850) {
        rng.pick(SUBDOMAINS).to_string()
    } else {
        format!(
            "{}{}",
            rng.pick(&["node", "srv", "host", "ip", "a", "b"]),
            rng.below(500)
        )
    }
}

/// `subs` subdomain labels, a made-up name, and `suffix`.
fn under(rng: &mut Rng, subs: usize, suffix: &str) -> String {
    let mut s = String::with_capacity(40);
    for _ in 0..subs {
        s.push_str(&sub(rng));
        s.push('.');
    }
    s.push_str(&name(rng));
    s.push('.');
    s.push_str(suffix);
    s
}

/// Zero or one subdomain label before `rest`.
fn prefix(rng: &mut Rng, rest: &str) -> String {
    if rng.chance(500) {
        format!("{}.{rest}", sub(rng))
    } else {
        rest.to_string()
    }
}

/// Hosts under wildcard rules, their exceptions and wildcard parents.
fn wildcard(rng: &mut Rng) -> String {
    let ip = |rng: &mut Rng| {
        format!(
            "{}-{}-{}-{}",
            rng.below(256),
            rng.below(256),
            rng.below(256),
            rng.below(256)
        )
    };
    match rng.below(10) {
        0..=2 => format!(
            "ec2-{}.{}.compute.amazonaws.com",
            ip(rng),
            rng.pick(REGIONS)
        ),
        3 => format!("ec2-{}.compute-1.amazonaws.com", ip(rng)),
        4 => {
            let city = rng.pick(&[
                "kobe", "nagoya", "sapporo", "sendai", "yokohama", "kawasaki",
            ]);
            format!(
                "{}.{}.{city}.jp",
                name(rng),
                rng.pick(&["chuo", "kita", "nishi", "higashi"])
            )
        }
        5 => {
            let city = rng.pick(&[
                "kobe", "nagoya", "sapporo", "sendai", "yokohama", "kawasaki",
            ]);
            if rng.chance(500) {
                format!("www.city.{city}.jp")
            } else {
                format!("{city}.jp")
            }
        }
        6 => format!("{}.in.futurecms.at", name(rng)),
        7 => format!(
            "{}.{}.futurecms.at",
            name(rng),
            rng.pick(&["in", "ex", "web"])
        ),
        8 => {
            let rest = rng.pick(&["www.ck", "co.ck", "gov.ck", "ck"]);
            prefix(rng, rest)
        }
        _ => format!(
            "{}.{}.sch.uk",
            name(rng),
            rng.pick(&["stmarys", "oakwood", "hillside"])
        ),
    }
}

/// An IDN host in Unicode: a known one, or a generated name with an accent.
fn idn_unicode(rng: &mut Rng) -> String {
    if rng.chance(500) {
        let (unicode, _) = IDN[rng.below(IDN.len())];
        return prefix(rng, unicode);
    }
    let base = name(rng);
    let at = rng.below(base.len());
    // Generated names are ASCII, so every index is a char boundary.
    let label = format!("{}{}{}", &base[..at], rng.pick(ACCENTED), &base[at..]);
    let rest = format!("{label}.{}", rng.pick(IDN_SUFFIXES));
    prefix(rng, &rest)
}

/// Bare public suffixes, FQDNs and IPv4 addresses.
fn odd(rng: &mut Rng) -> String {
    match rng.below(4) {
        0 => rng
            .pick(&["com", "co.uk", "github.io", "blogspot.com", "jp", "公司.cn"])
            .to_string(),
        1 | 2 => {
            let tld = rng.pick(GENERIC);
            format!("{}.", under(rng, 1, tld))
        }
        _ => format!(
            "{}.{}.{}.{}",
            1 + rng.below(223),
            rng.below(256),
            rng.below(256),
            1 + rng.below(254)
        ),
    }
}

/// The host in upper case, or with each label capitalised.
fn shout(rng: &mut Rng, h: &str) -> String {
    if rng.chance(500) {
        h.to_uppercase()
    } else {
        h.split('.')
            .map(|l| {
                let mut c = l.chars();
                match c.next() {
                    Some(f) => f.to_uppercase().chain(c).collect::<String>(),
                    None => String::new(),
                }
            })
            .collect::<Vec<_>>()
            .join(".")
    }
}
