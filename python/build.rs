//! Sets PyO3's configuration flags for this crate, `Py_3_10` among them:
//! the module's functions of one host are entered by the calling
//! convention the stable ABI has from Python 3.10 (`src/entry.rs`).

fn main() {
    pyo3_build_config::use_pyo3_cfgs();
}
