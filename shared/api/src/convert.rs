//! How a wire type and its domain type turn into each other: [`Convert`], field by field, and the [`wire!`] macro
//! that declares a wire type together with its conversion.

use std::collections::BTreeMap;

use bt_app::account::Role;
use bt_app::types::{ClockTime, Day, Email, RecordId, TeamId, UserId};

/// A value of one side (domain or wire) as the other side holds it. Values both sides share (text, numbers, ids,
/// days and times) convert to themselves; lists, options and maps convert item by item.
pub trait Convert<T> {
    fn convert(self) -> T;
}

macro_rules! same_on_both_sides {
    ($($t:ty),* $(,)?) => {$(
        impl Convert<$t> for $t {
            fn convert(self) -> $t {
                self
            }
        }
    )*};
}

same_on_both_sides!(
    String,
    bool,
    i32,
    i64,
    u8,
    u16,
    u32,
    u64,
    usize,
    f64,
    RecordId,
    UserId,
    TeamId,
    Email,
    Day,
    ClockTime,
    Role,
    serde_json::Value,
);

impl<A: Convert<B>, B> Convert<Vec<B>> for Vec<A> {
    fn convert(self) -> Vec<B> {
        self.into_iter().map(Convert::convert).collect()
    }
}

/// Fixed-size lists (a week's minutes) are plain lists on the wire.
impl<A: Convert<B>, B, const N: usize> Convert<Vec<B>> for [A; N] {
    fn convert(self) -> Vec<B> {
        self.into_iter().map(Convert::convert).collect()
    }
}

impl<A: Convert<B>, B> Convert<Option<B>> for Option<A> {
    fn convert(self) -> Option<B> {
        self.map(Convert::convert)
    }
}

impl<K: Ord, A: Convert<B>, B> Convert<BTreeMap<K, B>> for BTreeMap<K, A> {
    fn convert(self) -> BTreeMap<K, B> {
        self.into_iter().map(|(k, v)| (k, v.convert())).collect()
    }
}

/// Declares a wire type (written as usual, with its derives and attributes) and its conversion, field by field or
/// variant by variant, with the domain type of the same fields:
/// - `from domain::Type;` an answer: `From<domain::Type>` (the wire type may leave domain fields out);
/// - `into domain::Type;` a request body: `From<Wire> for domain::Type`;
/// - `both domain::Type;` both ways (the two have the same fields).
#[macro_export]
macro_rules! wire {
    (from $dom:path; $(#[$m:meta])* pub struct $name:ident { $($(#[$fm:meta])* pub $f:ident : $t:ty),* $(,)? }) => {
        $(#[$m])* pub struct $name { $($(#[$fm])* pub $f: $t),* }
        $crate::wire!(@from $dom, $name { $($f),* });
    };
    (into $dom:path; $(#[$m:meta])* pub struct $name:ident { $($(#[$fm:meta])* pub $f:ident : $t:ty),* $(,)? }) => {
        $(#[$m])* pub struct $name { $($(#[$fm])* pub $f: $t),* }
        $crate::wire!(@into $dom, $name { $($f),* });
    };
    (both $dom:path; $(#[$m:meta])* pub struct $name:ident { $($(#[$fm:meta])* pub $f:ident : $t:ty),* $(,)? }) => {
        $(#[$m])* pub struct $name { $($(#[$fm])* pub $f: $t),* }
        $crate::wire!(@from $dom, $name { $($f),* });
        $crate::wire!(@into $dom, $name { $($f),* });
    };
    (from $dom:path; $(#[$m:meta])* pub enum $name:ident { $($(#[$vm:meta])* $v:ident),* $(,)? }) => {
        $(#[$m])* pub enum $name { $($(#[$vm])* $v),* }
        $crate::wire!(@from_enum $dom, $name { $($v),* });
    };
    (into $dom:path; $(#[$m:meta])* pub enum $name:ident { $($(#[$vm:meta])* $v:ident),* $(,)? }) => {
        $(#[$m])* pub enum $name { $($(#[$vm])* $v),* }
        $crate::wire!(@into_enum $dom, $name { $($v),* });
    };
    (both $dom:path; $(#[$m:meta])* pub enum $name:ident { $($(#[$vm:meta])* $v:ident),* $(,)? }) => {
        $(#[$m])* pub enum $name { $($(#[$vm])* $v),* }
        $crate::wire!(@from_enum $dom, $name { $($v),* });
        $crate::wire!(@into_enum $dom, $name { $($v),* });
    };

    (@from $dom:path, $name:ident { $($f:ident),* }) => {
        impl $crate::convert::Convert<$name> for $dom {
            fn convert(self) -> $name {
                $name { $($f: $crate::convert::Convert::convert(self.$f)),* }
            }
        }
        impl From<$dom> for $name {
            fn from(value: $dom) -> $name {
                $crate::convert::Convert::convert(value)
            }
        }
    };
    (@into $dom:path, $name:ident { $($f:ident),* }) => {
        impl $crate::convert::Convert<$dom> for $name {
            fn convert(self) -> $dom {
                type Domain = $dom;
                Domain { $($f: $crate::convert::Convert::convert(self.$f)),* }
            }
        }
        impl From<$name> for $dom {
            fn from(value: $name) -> $dom {
                $crate::convert::Convert::convert(value)
            }
        }
    };
    (@from_enum $dom:path, $name:ident { $($v:ident),* }) => {
        impl $crate::convert::Convert<$name> for $dom {
            fn convert(self) -> $name {
                type Domain = $dom;
                match self { $(Domain::$v => $name::$v),* }
            }
        }
        impl From<$dom> for $name {
            fn from(value: $dom) -> $name {
                $crate::convert::Convert::convert(value)
            }
        }
    };
    (@into_enum $dom:path, $name:ident { $($v:ident),* }) => {
        impl $crate::convert::Convert<$dom> for $name {
            fn convert(self) -> $dom {
                type Domain = $dom;
                match self { $($name::$v => Domain::$v),* }
            }
        }
        impl From<$name> for $dom {
            fn from(value: $name) -> $dom {
                $crate::convert::Convert::convert(value)
            }
        }
    };
}
