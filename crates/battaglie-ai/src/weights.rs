//! The evaluation's weights, named so that matches and the tuning tool can vary them.

use std::fmt;
use std::str::FromStr;

/// Declares [`Weights`] with its defaults and a name per field, from one list.
macro_rules! weights {
    ($($(#[doc = $doc:literal])* $name:ident = $default:expr;)*) => {
        /// The weights of the static evaluation, in centi-pieces (a Foot is 100 by default).
        ///
        /// Written as `name=value` pairs joined by commas (see [`Weights::NAMES`]);
        /// names not given keep their default.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub struct Weights {
            $($(#[doc = $doc])* pub $name: i32,)*
        }

        impl Default for Weights {
            fn default() -> Weights {
                Weights { $($name: $default,)* }
            }
        }

        impl Weights {
            /// The weights' names, in the order they are printed.
            pub const NAMES: &'static [&'static str] = &[$(stringify!($name)),*];

            /// The weight called `name`.
            pub fn get_mut(&mut self, name: &str) -> Option<&mut i32> {
                match name {
                    $(stringify!($name) => Some(&mut self.$name),)*
                    _ => None,
                }
            }

            /// The weight called `name`.
            pub fn get(&self, name: &str) -> Option<i32> {
                match name {
                    $(stringify!($name) => Some(self.$name),)*
                    _ => None,
                }
            }
        }
    };
}

weights! {
    /// Value of a Foot.
    foot = 100;
    /// Value of a Mounted piece.
    mounted = 300;
    /// Value of a Vehicle.
    vehicle = 250;
    /// Bonus per Foot standing where only Foot may enter (safe from Mounted and Vehicles).
    shelter = 12;
    /// Bonus per Foot (up to the number of enemy Foot sheltering) able to dig out enemy
    /// Foot where only Foot may enter.
    hunter = 40;
    /// Per cent of the material lead added when all pieces are gone (in proportion
    /// to the share of the starting material eliminated): the side ahead trades.
    simplify = 50;
    /// Per cent of the score lost over a whole quiet spell up to the quiet limit.
    urgency = 30;
    /// Penalty per Army piece still in staging.
    staging = 12;
    /// Bonus per file an Army piece has advanced.
    advance = 2;
    /// Bonus per open neighbouring square a stack could step to out of reach of every
    /// enemy stack that could eliminate it.
    mobility = 2;
    /// Bonus per piece and step of closeness of its stack to the nearest enemy stack it
    /// could eliminate.
    press = 5;
    /// Distances (in steps) at or beyond which there is no pressure bonus.
    press_range = 24;
    /// Per cent of `press` that the searching engine credits its opponent with: below
    /// 100, the engine seeks contact more than it fears it.
    press_them = 25;
    /// How much worse than 0 the searching engine scores a draw.
    contempt = 30;
    /// Per cent of the most valuable enemy stack we could eliminate next move.
    hit = 25;
    /// Per cent of our most valuable stack the enemy could eliminate next move.
    exposed = 12;
    /// Per cent of our second most valuable stack the enemy could eliminate next move.
    exposed2 = 75;
    /// Per cent of the threats to its own stacks that the searching engine heeds (a
    /// hasty weak level heeds fewer).
    care = 100;
    /// Plies before the quiet limit over which the score shrinks towards 0.
    fade = 16;
    /// Per cent of its starting material deficit (scaled to the material left) that
    /// the searching engine credits its own side with.
    handicap = 100;
    /// Bonus per piece able to eliminate the enemy kinds that some of its side's
    /// kinds cannot, counted up to one more than the enemy has of those kinds.
    scarce = 0;
    /// The most pieces per side `scarce` counts (0: every one).
    scarce_last = 0;
}

impl Weights {
    /// The value of one piece of each kind, indexed by `Kind::index`.
    pub fn piece_values(&self) -> [i32; 3] {
        [self.foot, self.mounted, self.vehicle]
    }
}

/// A weights text that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseWeightsError {
    /// A part is not `name=value`.
    #[error("{0:?} is not name=value")]
    NotPair(String),
    /// The name is not a weight.
    #[error("unknown weight {name:?} (known: {known})", known = Weights::NAMES.join(", "))]
    UnknownName {
        /// The name given.
        name: String,
    },
    /// The value is not an integer in -100000..=100000.
    #[error("weight {name}: {value:?} is not an integer between -100000 and 100000")]
    BadValue {
        /// The weight.
        name: String,
        /// The value given.
        value: String,
    },
}

impl Weights {
    /// Sets one weight from text.
    ///
    /// # Errors
    /// When `name` is not a weight or `value` not an integer in -100000..=100000.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), ParseWeightsError> {
        let slot = self
            .get_mut(name)
            .ok_or_else(|| ParseWeightsError::UnknownName {
                name: name.to_string(),
            })?;
        *slot = value
            .trim()
            .parse()
            .ok()
            .filter(|v: &i32| v.abs() <= 100_000)
            .ok_or_else(|| ParseWeightsError::BadValue {
                name: name.to_string(),
                value: value.to_string(),
            })?;
        Ok(())
    }
}

impl FromStr for Weights {
    type Err = ParseWeightsError;

    /// Reads `name=value,name=value`; names not given keep their default.
    fn from_str(s: &str) -> Result<Weights, ParseWeightsError> {
        let mut w = Weights::default();
        for part in s.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (name, value) = part
                .split_once('=')
                .ok_or_else(|| ParseWeightsError::NotPair(part.to_string()))?;
            w.set(name.trim(), value)?;
        }
        Ok(w)
    }
}

impl fmt::Display for Weights {
    /// Every weight as `name=value`, joined by commas.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, name) in Weights::NAMES.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{name}={}", self.get(name).unwrap_or_default())?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weights_text_round_trips_and_keeps_defaults_for_names_not_given() {
        let w: Weights = "press=7, mobility=3".parse().unwrap();
        assert_eq!(w.press, 7);
        assert_eq!(w.mobility, 3);
        assert_eq!(w.foot, Weights::default().foot);
        assert_eq!(w.to_string().parse::<Weights>().unwrap(), w);
    }

    #[test]
    fn weights_text_errors_name_the_part() {
        let err = "press=x".parse::<Weights>().unwrap_err().to_string();
        assert!(err.contains("press") && err.contains("\"x\""), "{err}");
        let err = "speed=3".parse::<Weights>().unwrap_err().to_string();
        assert!(err.contains("unknown weight \"speed\""), "{err}");
        assert!("press".parse::<Weights>().is_err());
    }
}
