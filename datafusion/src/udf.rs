//! The scalar UDF: DataFusion's view of one [`Function`] on one list.

use std::fmt::{self, Write};
use std::hash::{Hash, Hasher};
use std::sync::Arc;

use datafusion::arrow::array::{Array, ArrayRef};
use datafusion::arrow::datatypes::DataType;
use datafusion::common::utils::take_function_args;
use datafusion::common::{Result, ScalarValue, exec_err, plan_err};
use datafusion::logical_expr::{
    ColumnarValue, Documentation, ScalarFunctionArgs, ScalarUDFImpl, Signature, Volatility,
};

use crate::strings::{StringSink, bool_sink, data_len, for_each_answer, for_each_str};
use crate::{Etld, Function};

/// What `etld_error` names, after `etld lookup`'s message for an invalid
/// host that looks like a URL ([`etld_source::url_hint`]): the function
/// that takes out its host, as the DuckDB extension names it.
const TAKES_HOST: &str = "whose host etld_host() takes out";

/// One etld function as a DataFusion scalar function.
pub(crate) struct EtldUdf {
    function: Function,
    etld: Etld,
    signature: Signature,
    /// The error of every call, for a function of a plan made with another
    /// list (see [`crate::codec`]).
    refusal: Option<String>,
}

impl EtldUdf {
    pub(crate) fn new(function: Function, etld: Etld) -> EtldUdf {
        let signature = match function {
            Function::ListVersion => Signature::nullary(Volatility::Immutable),
            // One string of any of the string types; dictionaries are
            // decoded and a NULL literal becomes Utf8 before the call.
            _ => Signature::string(1, Volatility::Immutable),
        };
        EtldUdf {
            function,
            etld,
            signature,
            refusal: None,
        }
    }

    /// The function that fails every call with `message`.
    pub(crate) fn refusing(function: Function, etld: Etld, message: String) -> EtldUdf {
        EtldUdf {
            refusal: Some(message),
            ..EtldUdf::new(function, etld)
        }
    }

    /// The list and options it answers with.
    pub(crate) fn etld(&self) -> &Etld {
        &self.etld
    }

    /// The answers for every row of `array`, a string array.
    ///
    /// `etld_host` parses each row on its own; the other functions look
    /// the whole array up at once ([`for_each_answer`]).
    fn evaluate(&self, array: &dyn Array, return_type: &DataType) -> Result<ArrayRef> {
        let (list, options) = (&*self.etld.list, &self.etld.options);
        let rows = array.len();
        match self.function {
            Function::Host => {
                let mut out = StringSink::new(return_type, rows, data_len(array))?;
                for_each_str(array, |url| match url.map(etld::url::host) {
                    Some(Ok(host)) => out.push(Some(&host)),
                    _ => out.push(None),
                })?;
                out.finish()
            }
            Function::UrlError => {
                let mut out = StringSink::new(return_type, rows, 0)?;
                for_each_str(array, |url| {
                    let Some(url) = url else {
                        return out.push(None);
                    };
                    let why = list.lookup_url_with(url, options).err();
                    out.push(why.map(|e| e.to_string()).as_deref())
                })?;
                out.finish()
            }
            Function::Known => {
                let mut out = bool_sink(rows);
                for_each_answer(list, options, array, |answer| {
                    out.append_option(answer.as_ref().and_then(crate::function::known))
                })?;
                Ok(Arc::new(out.finish()))
            }
            Function::Error => {
                let mut out = StringSink::new(return_type, rows, 0)?;
                let mut message = String::new();
                // A lookup a row rather than one batch: the message of a
                // host that looks like a URL names `etld_host`, so each
                // answer goes with its host.
                for_each_str(array, |host| {
                    match host.and_then(|h| Some((h, list.lookup_with(h, options).err()?))) {
                        Some((host, e)) => {
                            message.clear();
                            // Writing to a String cannot fail.
                            let _ = write!(message, "{e}");
                            if let Some(hint) = etld_source::url_hint(host, TAKES_HOST) {
                                message.push_str(&hint);
                            }
                            out.push(Some(&message));
                        }
                        None => out.push(None),
                    }
                })?;
                out.finish()
            }
            Function::Rule => {
                let mut out = StringSink::new(return_type, rows, 0)?;
                for_each_answer(list, options, array, |answer| {
                    out.push(answer.and_then(|a| a.rule()).as_deref())
                })?;
                out.finish()
            }
            // No argument: answered whole by `invoke_with_args`.
            Function::ListVersion => {
                exec_err!("{} takes no argument", self.name())
            }
            f @ (Function::Registrable
            | Function::Suffix
            | Function::Subdomain
            | Function::Section
            | Function::IcannSuffix
            | Function::IcannRegistrable
            | Function::Site) => {
                let bytes = if f == Function::Section {
                    0
                } else {
                    data_len(array)
                };
                let mut out = StringSink::new(return_type, rows, bytes)?;
                for_each_answer(list, &f.options(options), array, |answer| {
                    out.push(answer.as_ref().and_then(|a| f.part(a)))
                })?;
                out.finish()
            }
        }
    }
}

impl ScalarUDFImpl for EtldUdf {
    fn name(&self) -> &str {
        self.function.name()
    }

    fn signature(&self) -> &Signature {
        &self.signature
    }

    fn return_type(&self, arg_types: &[DataType]) -> Result<DataType> {
        if self.function == Function::ListVersion {
            return match arg_types {
                [] => Ok(DataType::Utf8),
                _ => plan_err!("{} takes no argument", self.name()),
            };
        }
        let [arg] = arg_types else {
            return plan_err!("{} takes one argument", self.name());
        };
        match (self.function, arg) {
            (Function::Known, _) => Ok(DataType::Boolean),
            (f, t @ (DataType::Utf8 | DataType::LargeUtf8 | DataType::Utf8View))
                if f.keeps_input_type() =>
            {
                Ok(t.clone())
            }
            (_, DataType::Utf8 | DataType::LargeUtf8 | DataType::Utf8View | DataType::Null) => {
                Ok(DataType::Utf8)
            }
            (_, other) => plan_err!("{} takes a string, not {other}", self.name()),
        }
    }

    fn is_strict(&self) -> bool {
        true
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
        if let Some(message) = &self.refusal {
            return exec_err!("{message}");
        }
        if self.function == Function::ListVersion {
            let version = self.etld.list.version().map(str::to_string);
            return Ok(ColumnarValue::Scalar(ScalarValue::Utf8(version)));
        }
        let return_type = args.return_field.data_type().clone();
        let [arg] = take_function_args(self.name(), args.args)?;
        match arg {
            ColumnarValue::Array(array) => {
                Ok(ColumnarValue::Array(self.evaluate(&array, &return_type)?))
            }
            ColumnarValue::Scalar(value) => {
                let array = value.to_array_of_size(1)?;
                let answer = self.evaluate(&array, &return_type)?;
                Ok(ColumnarValue::Scalar(ScalarValue::try_from_array(
                    &answer, 0,
                )?))
            }
        }
    }

    fn documentation(&self) -> Option<&Documentation> {
        Some(self.function.documentation())
    }
}

// Two functions are the same when they answer alike: the same function on
// the same list (by identity) with the same options, refusing alike.
impl PartialEq for EtldUdf {
    fn eq(&self, other: &EtldUdf) -> bool {
        self.function == other.function
            && Arc::ptr_eq(&self.etld.list, &other.etld.list)
            && self.etld.options == other.etld.options
            && self.refusal == other.refusal
    }
}

impl Eq for EtldUdf {}

impl Hash for EtldUdf {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.function.hash(state);
        Arc::as_ptr(&self.etld.list).hash(state);
        self.etld.options.hash(state);
        self.refusal.hash(state);
    }
}

impl fmt::Debug for EtldUdf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("EtldUdf")
            .field("name", &self.function.name())
            .field("etld", &self.etld)
            .field("refusal", &self.refusal)
            .finish()
    }
}
