//! The languages diptych knows, as a type: each one's ISO 639-1 code (what
//! files, flags and JSON write) and its script. Everything else known of a
//! language is data (`texts/languages.toml`, read by [`crate::lang::tables`]);
//! adding one is a variant here, its table there, and a test.

use serde::{Deserialize, Serialize};

/// A language diptych knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    /// Ukrainian.
    Uk,
    /// Russian.
    Ru,
    /// Slovak.
    Sk,
    /// Czech.
    Cs,
    /// Polish.
    Pl,
    /// English.
    En,
    /// German.
    De,
    /// French.
    Fr,
}

impl Lang {
    /// Every language, in the one order lists and messages use.
    pub const ALL: [Lang; 8] = [
        Lang::Uk,
        Lang::Ru,
        Lang::Sk,
        Lang::Cs,
        Lang::Pl,
        Lang::En,
        Lang::De,
        Lang::Fr,
    ];

    /// Its ISO 639-1 code.
    pub const fn code(self) -> &'static str {
        match self {
            Lang::Uk => "uk",
            Lang::Ru => "ru",
            Lang::Sk => "sk",
            Lang::Cs => "cs",
            Lang::Pl => "pl",
            Lang::En => "en",
            Lang::De => "de",
            Lang::Fr => "fr",
        }
    }

    /// The language of an ISO 639-1 code, as written (lower case).
    pub fn from_code(code: &str) -> Option<Lang> {
        Lang::ALL.into_iter().find(|l| l.code() == code)
    }

    /// True when it is written in Cyrillic.
    pub const fn is_cyrillic(self) -> bool {
        matches!(self, Lang::Uk | Lang::Ru)
    }

    /// Every code, as a message lists them ("uk, ru, sk, …").
    pub fn codes() -> String {
        Lang::ALL.map(Lang::code).join(", ")
    }
}

impl std::fmt::Display for Lang {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.code())
    }
}

/// A code that names no language diptych knows.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown language '{0}'; choose one of {codes}, or leave the option out: a text in another language is read by what it shows",
    codes = Lang::codes()
)]
pub struct UnknownLang(pub String);

impl std::str::FromStr for Lang {
    type Err = UnknownLang;

    fn from_str(s: &str) -> Result<Lang, UnknownLang> {
        // The message quotes `s` as given; errors are made safe where
        // they are printed.
        Lang::from_code(s).ok_or_else(|| UnknownLang(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip_through_text_and_serde() {
        for l in Lang::ALL {
            assert_eq!(l.code().parse::<Lang>(), Ok(l));
            let json = serde_json::to_string(&l).expect("json");
            assert_eq!(json, format!("\"{}\"", l.code()));
            assert_eq!(serde_json::from_str::<Lang>(&json).expect("back"), l);
        }
        let e = "xx".parse::<Lang>().expect_err("unknown");
        assert_eq!(
            e.to_string(),
            "unknown language 'xx'; choose one of uk, ru, sk, cs, pl, en, de, fr, or leave the option out: a text in another language is read by what it shows"
        );
    }
}
