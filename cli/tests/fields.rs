//! `etld --fields`: one output line per input line whatever the bytes, and
//! columns escaped reversibly as PostgreSQL's COPY text format escapes them
//! (docs/behaviour.md, the command line).

use etld_testkit::cli::{pinned, run};

fn etld(args: &[&str], stdin: &[u8]) -> Vec<u8> {
    let mut command = pinned(env!("CARGO_BIN_EXE_etld"));
    command.args(args);
    let out = run(command, stdin);
    assert_eq!(
        out.status.code(),
        Some(0),
        "etld {args:?}: {:?}",
        out.stderr
    );
    out.stdout
}

/// Undoes the escaping of one column, as PostgreSQL's COPY FROM does.
fn unescape(column: &[u8]) -> Vec<u8> {
    etld_testkit::unescape_bytes(column)
}

fn columns(line: &[u8]) -> Vec<&[u8]> {
    line.split(|&b| b == b'\t').collect()
}

/// The lines of `etld`'s output with `lines` lines given on its standard
/// input, one for each.
fn each_line<T>(args: &[&str], lines: &[T]) -> Vec<Vec<u8>>
where
    T: AsRef<[u8]>,
{
    let mut stdin = lines
        .iter()
        .map(|l| l.as_ref())
        .collect::<Vec<_>>()
        .join(&b'\n');
    stdin.push(b'\n');
    let out = etld(args, &stdin);
    let got: Vec<Vec<u8>> = out
        .strip_suffix(b"\n")
        .unwrap()
        .split(|&b| b == b'\n')
        .map(<[u8]>::to_vec)
        .collect();
    assert_eq!(
        got.len(),
        lines.len(),
        "{:?}",
        String::from_utf8_lossy(&out)
    );
    got
}

/// A percent-encoded newline in a URL's host is refused as the URL
/// standard refuses it, in the line of its input.
#[test]
fn a_percent_encoded_newline_is_refused_in_its_line() {
    let out = etld(
        &["--url", "--fields", "host,registrable,error"],
        b"http://a%0Ab.com/\nhttp://a%0Db.com/\nwww.example.com\n",
    );
    assert_eq!(
        String::from_utf8(out).unwrap(),
        "\t\tthe host holds the forbidden code point U+000A at byte 8\n\
         \t\tthe host holds the forbidden code point U+000D at byte 8\n\
         www.example.com\texample.com\t\n"
    );
}

#[test]
fn a_tab_and_a_backslash_t_are_told_apart() {
    let out = etld(&["--fields", "input", "a\tb", "a\\tb"], b"");
    assert_eq!(String::from_utf8(out).unwrap(), "a\\tb\na\\\\tb\n");
}

#[test]
fn arguments_with_line_breaks_give_one_line_each() {
    let out = etld(&["--fields", "input,error", "a\nb.com", "c\rd.com"], b"");
    let text = String::from_utf8(out).unwrap();
    assert_eq!(text.lines().count(), 2, "{text:?}");
    assert!(text.starts_with("a\\nb.com\t"), "{text:?}");
    assert!(text.contains("\nc\\rd.com\t"), "{text:?}");
}

/// Every control character, C0, DEL and C1, in every column that can hold
/// it, gives one line that unescapes to the input.
#[test]
fn every_control_character_is_escaped_reversibly() {
    let mut inputs: Vec<String> = Vec::new();
    for c in (0u32..0x20).chain(0x7f..0xa0).filter_map(char::from_u32) {
        if c == '\n' {
            continue;
        }
        inputs.push(format!("a{c}b.example.com"));
        inputs.push(format!("http://x{c}.example.com/"));
    }
    inputs.push("back\\slash.com".to_owned());
    inputs.push("\\x41.com".to_owned());
    let lines = each_line(&["--fields", "input,host,error"], &inputs);
    for (line, input) in lines.iter().zip(&inputs) {
        let cols = columns(line);
        assert_eq!(cols.len(), 3, "{:?}", String::from_utf8_lossy(line));
        // A CR at the end of a line is part of the line ending, not the host.
        let expected = input.strip_suffix('\r').unwrap_or(input);
        assert_eq!(unescape(cols[0]), expected.as_bytes());
        for col in &cols {
            assert!(
                !col.iter().any(|&b| b < 0x20 || b == 0x7f),
                "a raw control byte in {:?}",
                String::from_utf8_lossy(line)
            );
            assert!(
                !col.windows(2)
                    .any(|w| w[0] == 0xc2 && (0x80..0xa0).contains(&w[1])),
                "a raw C1 control in {:?}",
                String::from_utf8_lossy(line)
            );
        }
    }
}

#[test]
fn with_url_every_column_of_every_line_unescapes() {
    let inputs = [
        "http://a%09b.com/",
        "http://a%5Cb.com/",
        "http://%C2%85.com/",
        "http://ex%0Aample.com:8080/",
        "https://www.example.co.uk/a\\b",
    ];
    let lines = each_line(
        &["--url", "--fields", "input,host,registrable,error"],
        &inputs,
    );
    for (line, input) in lines.iter().zip(inputs) {
        let cols = columns(line);
        assert_eq!(cols.len(), 4);
        assert_eq!(unescape(cols[0]), input.as_bytes());
    }
    assert_eq!(columns(&lines[4])[2], b"example.co.uk");
}

/// Bytes that are not UTF-8 (every byte from 0x80, alone, and a lone
/// surrogate's encoding) are escaped too: the input column unescapes to
/// the input's own bytes, not to U+FFFD.
#[test]
fn bytes_that_are_not_utf8_are_escaped_reversibly() {
    let mut inputs: Vec<Vec<u8>> = (0x80..=0xffu8)
        .map(|b| [b"k".as_slice(), &[b], b"l.com"].concat())
        .collect();
    inputs.push(b"a\xed\xa0\x80b.com".to_vec());
    inputs.push(b"\xc3\xa9\xff\\x41.com".to_vec());
    let lines = each_line(&["--fields", "input,error"], &inputs);
    for (line, input) in lines.iter().zip(&inputs) {
        let cols = columns(line);
        assert_eq!(
            unescape(cols[0]),
            *input,
            "{:?}",
            String::from_utf8_lossy(line)
        );
        assert!(
            std::str::from_utf8(line).is_ok(),
            "{:?}",
            String::from_utf8_lossy(line)
        );
    }
}
