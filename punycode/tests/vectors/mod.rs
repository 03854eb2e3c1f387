//! Readers for the RFC 3492 vectors in `vectors/` (formats documented at the
//! top of each file).
#![allow(dead_code)]

/// One RFC 3492 section 7.1 sample.
pub struct Sample {
    pub name: String,
    pub description: String,
    pub text: String,
    pub flags: Vec<bool>,
    pub puny: String,
}

/// One step of a section 7.2/7.3 trace.
pub struct TraceStep {
    pub code_point: char,
    pub delta: u32,
    pub digits: String,
    pub bias: u32,
    pub position: usize,
    pub state: Vec<char>,
}

pub struct Trace {
    pub name: String,
    pub basic: Vec<char>,
    pub steps: Vec<TraceStep>,
    pub punycode: String,
}

const SAMPLES: &str = include_str!("../data/rfc3492_samples.txt");
const TRACES: &str = include_str!("../data/rfc3492_traces.txt");

fn hex_char(s: &str) -> char {
    char::from_u32(u32::from_str_radix(s, 16).expect("hex")).expect("scalar")
}

/// Splits `KEY rest`, where rest starts after the spaces following KEY.
fn key_value(line: &str) -> (&str, &str) {
    match line.split_once(' ') {
        Some((k, v)) => (k, v.trim_start_matches(' ')),
        None => (line, ""),
    }
}

pub fn samples() -> Vec<Sample> {
    let mut out: Vec<Sample> = Vec::new();
    for line in SAMPLES.lines() {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, value) = key_value(line);
        match key {
            "sample" => {
                let (name, description) = key_value(value);
                out.push(Sample {
                    name: name.to_string(),
                    description: description.to_string(),
                    text: String::new(),
                    flags: Vec::new(),
                    puny: String::new(),
                });
            }
            "text" => {
                let s = out.last_mut().expect("record");
                s.text = value.split_whitespace().map(hex_char).collect();
                s.flags = vec![false; s.text.chars().count()];
            }
            "upper" => {
                let s = out.last_mut().expect("record");
                for i in value.split_whitespace() {
                    s.flags[i.parse::<usize>().expect("index")] = true;
                }
            }
            "puny" => out.last_mut().expect("record").puny = value.to_string(),
            other => panic!("unknown key {other:?}"),
        }
    }
    assert_eq!(out.len(), 19, "RFC 3492 has nineteen samples");
    out
}

pub fn traces() -> Vec<Trace> {
    let mut out: Vec<Trace> = Vec::new();
    for line in TRACES.lines() {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, value) = key_value(line);
        match key {
            "trace" => out.push(Trace {
                name: value.to_string(),
                basic: Vec::new(),
                steps: Vec::new(),
                punycode: String::new(),
            }),
            "basic" => {
                out.last_mut().expect("record").basic =
                    value.split_whitespace().map(hex_char).collect()
            }
            "step" => {
                let (fields, state) = value.split_once(" : ").expect("state");
                let f: Vec<&str> = fields.split_whitespace().collect();
                assert_eq!(f.len(), 5, "{line}");
                out.last_mut().expect("record").steps.push(TraceStep {
                    code_point: hex_char(f[0]),
                    delta: f[1].parse().expect("delta"),
                    digits: f[2].to_string(),
                    bias: f[3].parse().expect("bias"),
                    position: f[4].parse().expect("position"),
                    state: state.split_whitespace().map(hex_char).collect(),
                });
            }
            "punycode" => out.last_mut().expect("record").punycode = value.to_string(),
            other => panic!("unknown key {other:?}"),
        }
    }
    out
}
