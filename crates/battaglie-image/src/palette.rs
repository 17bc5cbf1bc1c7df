//! The picture's colours: one small fixed palette, so that every frame of a GIF shares
//! it (one global colour table, no dithering, flat areas that compress well).

/// A colour of the palette (its index in [`RGB`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
pub enum Colour {
    /// The page around the board.
    Paper,
    /// Labels and grid lines.
    Ink,
    /// Open ground.
    Open,
    /// The staging column.
    Staging,
    /// Woods.
    Woods,
    /// Tree crowns drawn on woods.
    Trees,
    /// Rivers and creeks.
    Water,
    /// Fords.
    Ford,
    /// Trails.
    Trail,
    /// Ridges.
    Ridge,
    /// Rocks and cliffs.
    Rock,
    /// House walls.
    House,
    /// House roofs.
    Roof,
    /// An Army stack.
    Army,
    /// An Army stack's rim.
    ArmyDark,
    /// An Indian stack.
    Indians,
    /// An Indian stack's rim.
    IndiansDark,
    /// The last move's squares and path.
    LastMove,
    /// A destination where the last move eliminated a stack.
    Capture,
    /// Text on stacks.
    White,
}

/// The palette, in [`Colour`] order (red, green, blue).
pub const RGB: [[u8; 3]; 20] = [
    [0xf4, 0xec, 0xd8], // Paper
    [0x3e, 0x30, 0x20], // Ink
    [0xd8, 0xc9, 0xa3], // Open
    [0xb8, 0xa8, 0x86], // Staging
    [0x6f, 0x94, 0x43], // Woods
    [0x2f, 0x63, 0x27], // Trees
    [0x4a, 0x86, 0xbd], // Water
    [0x8c, 0xc0, 0xe6], // Ford
    [0xc9, 0xb0, 0x7a], // Trail
    [0xb5, 0xa4, 0x6a], // Ridge
    [0x9c, 0x95, 0x8a], // Rock
    [0xb4, 0x9b, 0x6c], // House
    [0x8d, 0x4b, 0x2e], // Roof
    [0x2f, 0x5f, 0xb3], // Army
    [0x1b, 0x3a, 0x73], // ArmyDark
    [0xc0, 0x56, 0x2b], // Indians
    [0x7a, 0x30, 0x14], // IndiansDark
    [0xf2, 0xc2, 0x1b], // LastMove
    [0xd0, 0x20, 0x20], // Capture
    [0xff, 0xff, 0xff], // White
];

/// The palette as the GIF's global colour table (red, green, blue bytes).
pub fn table() -> Vec<u8> {
    RGB.iter().flatten().copied().collect()
}

/// The colour a terrain is painted with, by its name in the scenario.
pub fn terrain(name: &str) -> Colour {
    match name {
        "woods" => Colour::Woods,
        "river" | "creek" => Colour::Water,
        "ford" => Colour::Ford,
        "trail" => Colour::Trail,
        "ridge" => Colour::Ridge,
        "rocks" | "cliff" => Colour::Rock,
        "house" => Colour::House,
        _ => Colour::Open,
    }
}
