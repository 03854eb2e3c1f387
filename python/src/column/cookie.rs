//! The cookie check of columns ([`cookie`]): a column and a column, or a
//! column and one string.

use std::sync::Arc;

use arrow_array::builder::BooleanBuilder;
use arrow_array::{Array, ArrayRef};
use etld::List;
use pyo3::exceptions::PyValueError;
use pyo3::PyResult;

use super::read::Strs;
use super::stop::{Stop, BLOCK};
use crate::arrow::Imported;

/// The cookie check for each row: `requests` and `domains` are columns of
/// the same length, or one of them a single string for every row.
pub fn cookie(
    list: &List,
    requests: Either<'_>,
    domains: Either<'_>,
    stop: &Stop,
) -> PyResult<ArrayRef> {
    let (a, b) = (requests.values()?, domains.values()?);
    let rows = match (&a, &b) {
        (Values::Column(a), Values::Column(b)) if a.len() != b.len() => {
            return Err(PyValueError::new_err(format!(
                "the request hosts and cookie domains differ in length: {} and {}",
                a.len(),
                b.len()
            )))
        }
        (Values::Column(a), _) => a.len(),
        (_, Values::Column(b)) => b.len(),
        _ => 1,
    };
    let mut out = BooleanBuilder::with_capacity(rows);
    for i in 0..rows {
        if i % BLOCK == 0 {
            stop.check()?;
        }
        match (a.get(i), b.get(i)) {
            (Some(r), Some(d)) => out.append_value(list.is_cookie_domain_acceptable(r, d)),
            _ => out.append_null(),
        }
    }
    Ok(Arc::new(out.finish()))
}

/// One side of the cookie check: a column, or one string for every row.
pub enum Either<'a> {
    Column(&'a Imported),
    Scalar(&'a str),
}

enum Values<'a> {
    Column(Vec<Option<&'a str>>),
    Scalar(&'a str),
}

impl<'a> Either<'a> {
    fn values(&self) -> PyResult<Values<'a>> {
        match *self {
            Either::Scalar(s) => Ok(Values::Scalar(s)),
            Either::Column(c) => {
                let mut values = Vec::with_capacity(c.len());
                for chunk in &c.chunks {
                    collect_strs(chunk, &mut values)?;
                }
                Ok(Values::Column(values))
            }
        }
    }
}

/// The rows of a string chunk, borrowed from it.
fn collect_strs<'a>(chunk: &'a ArrayRef, out: &mut Vec<Option<&'a str>>) -> PyResult<()> {
    let strs = Strs::of(chunk)?;
    let nulls = chunk.logical_nulls();
    out.extend((0..chunk.len()).map(|i| {
        let null = nulls.as_ref().is_some_and(|n| n.is_null(i));
        if null {
            None
        } else {
            strs.get(i)
        }
    }));
    Ok(())
}

impl Values<'_> {
    pub(super) fn get(&self, i: usize) -> Option<&str> {
        match self {
            Values::Column(v) => v.get(i).copied().flatten(),
            Values::Scalar(s) => Some(s),
        }
    }
}
