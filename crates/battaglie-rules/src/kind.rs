use std::fmt;

/// A kind of piece. Pieces of the same side and kind are interchangeable.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// `F`: soldiers or warriors on foot; the only kind that may enter houses.
    Foot = 0,
    /// `M`: horse-mounted troops.
    Mounted = 1,
    /// `V`: wagons, stagecoaches, guns.
    Vehicle = 2,
}

impl Kind {
    /// The three kinds in notation order (`F`, `M`, `V`).
    pub const ALL: [Kind; 3] = [Kind::Foot, Kind::Mounted, Kind::Vehicle];

    /// Index 0..3 in notation order.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The upper-case letter.
    pub const fn char(self) -> char {
        match self {
            Kind::Foot => 'F',
            Kind::Mounted => 'M',
            Kind::Vehicle => 'V',
        }
    }

    /// The kind for a letter in either case.
    pub const fn from_char(c: char) -> Option<Kind> {
        match c {
            'F' | 'f' => Some(Kind::Foot),
            'M' | 'm' => Some(Kind::Mounted),
            'V' | 'v' => Some(Kind::Vehicle),
            _ => None,
        }
    }

    /// The English name used in messages ("Foot", "Mounted", "Vehicle").
    pub const fn name(self) -> &'static str {
        match self {
            Kind::Foot => "Foot",
            Kind::Mounted => "Mounted",
            Kind::Vehicle => "Vehicle",
        }
    }

    /// This kind as a one-bit [`KindSet`].
    #[inline]
    pub const fn set(self) -> KindSet {
        KindSet(1 << self as u8)
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A set of kinds (bit 0 Foot, bit 1 Mounted, bit 2 Vehicle).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct KindSet(pub u8);

impl KindSet {
    /// No kind.
    pub const EMPTY: KindSet = KindSet(0);
    /// Every kind.
    pub const ALL: KindSet = KindSet(0b111);

    /// Whether `kind` is in the set.
    #[inline]
    pub const fn contains(self, kind: Kind) -> bool {
        self.0 & (1 << kind as u8) != 0
    }

    /// Whether every kind of `other` is in `self`.
    #[inline]
    pub const fn is_superset(self, other: KindSet) -> bool {
        other.0 & !self.0 == 0
    }

    /// Whether the two sets share a kind.
    #[inline]
    pub const fn intersects(self, other: KindSet) -> bool {
        self.0 & other.0 != 0
    }

    /// The kinds in notation order.
    pub fn iter(self) -> impl Iterator<Item = Kind> {
        Kind::ALL.into_iter().filter(move |k| self.contains(*k))
    }
}

impl FromIterator<Kind> for KindSet {
    fn from_iter<I: IntoIterator<Item = Kind>>(iter: I) -> KindSet {
        KindSet(iter.into_iter().fold(0, |acc, k| acc | k.set().0))
    }
}

impl fmt::Display for KindSet {
    /// Letters in notation order, e.g. `FM`; `-` when empty.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 == 0 {
            return f.write_str("-");
        }
        for k in self.iter() {
            write!(f, "{}", k.char())?;
        }
        Ok(())
    }
}
