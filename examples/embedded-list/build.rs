//! Compiles `corp.dat` into `corp.fst` in `OUT_DIR`, for `include_bytes!`:
//! the list text is parsed at build time, and the program loads the
//! compiled bytes without copying them.

use std::path::PathBuf;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    println!("cargo::rerun-if-changed=corp.dat");
    let text = std::fs::read("corp.dat")?;
    // A list that does not parse fails the build, with the line at fault.
    let fst = etld::compile(&text)?;
    let out = PathBuf::from(std::env::var("OUT_DIR")?).join("corp.fst");
    std::fs::write(out, fst)?;
    Ok(())
}
