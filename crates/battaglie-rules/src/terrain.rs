use crate::kind::KindSet;

/// One kind of terrain: its map character, name, and which piece kinds may enter it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TerrainKind {
    /// The character used in the scenario's `terrain.rows`.
    pub symbol: char,
    /// The name (`open`, `house`, `river`, ...), used by front ends to draw it.
    pub name: String,
    /// The piece kinds that may enter (and stand on) it.
    pub enter: KindSet,
}

impl TerrainKind {
    /// `.`: open ground, anyone may enter.
    pub fn open() -> TerrainKind {
        TerrainKind {
            symbol: '.',
            name: "open".into(),
            enter: KindSet::ALL,
        }
    }

    /// `H`: a house, Foot only (1977 rule "E").
    pub fn house() -> TerrainKind {
        TerrainKind {
            symbol: 'H',
            name: "house".into(),
            enter: KindSet(0b001),
        }
    }

    /// Whether this kind restricts who may enter.
    pub fn is_restricted(&self) -> bool {
        self.enter != KindSet::ALL
    }
}
