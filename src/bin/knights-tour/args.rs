//! A small, strict command-line flag reader: every mistake becomes one sentence that says what
//! was wrong and what is accepted.

use std::collections::HashMap;

/// A flag a command accepts.
#[derive(Clone, Copy)]
pub struct Flag {
    pub name: &'static str,
    /// The value's placeholder in help text, or `None` for a switch.
    pub value: Option<&'static str>,
    pub help: &'static str,
}

/// The flags given on one command line.
pub struct Given {
    values: HashMap<&'static str, Option<String>>,
}

/// Reads `--name value`, `--name=value` and `--switch` against `flags`.
pub fn parse(command: &str, args: &[String], flags: &[Flag]) -> Result<Given, String> {
    let mut values = HashMap::new();
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        let (name, inline) = match arg.split_once('=') {
            Some((name, value)) => (name, Some(value.to_string())),
            None => (arg.as_str(), None),
        };
        let Some(flag) = flags.iter().find(|flag| flag.name == name) else {
            let known: Vec<&str> = flags.iter().map(|flag| flag.name).collect();
            return Err(if name.starts_with('-') {
                format!("unknown option '{name}' for {command}: expected one of {}", known.join(", "))
            } else {
                format!("unexpected argument '{arg}' for {command}: options are {}", known.join(", "))
            });
        };
        let value = match (flag.value, inline) {
            (None, None) => None,
            (None, Some(_)) => return Err(format!("{name} is a switch and takes no value")),
            (Some(_), Some(value)) => Some(value),
            (Some(placeholder), None) => match rest.next() {
                Some(value) if !value.starts_with("--") => Some(value.clone()),
                _ => return Err(format!("{name} needs a value: {name} {placeholder}")),
            },
        };
        if values.insert(flag.name, value).is_some() {
            return Err(format!("{name} is given twice; give it once"));
        }
    }
    Ok(Given { values })
}

impl Given {
    pub fn switch(&self, name: &str) -> bool {
        self.values.contains_key(name)
    }

    pub fn text(&self, name: &str) -> Option<&str> {
        self.values.get(name).and_then(|value| value.as_deref())
    }
}
