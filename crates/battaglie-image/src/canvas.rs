//! A picture as palette indices, with the few shapes a board needs.

use crate::palette::{Colour, RGB};

/// A width x height picture whose pixels are [`Colour`]s.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Canvas {
    width: u16,
    height: u16,
    pixels: Vec<u8>,
}

impl Canvas {
    /// A picture filled with `background`.
    pub fn new(width: u16, height: u16, background: Colour) -> Canvas {
        Canvas {
            width,
            height,
            pixels: vec![background as u8; usize::from(width) * usize::from(height)],
        }
    }

    /// The width in pixels.
    pub fn width(&self) -> u16 {
        self.width
    }

    /// The height in pixels.
    pub fn height(&self) -> u16 {
        self.height
    }

    /// The pixels, row by row from the top, as palette indices.
    pub fn pixels(&self) -> &[u8] {
        &self.pixels
    }

    /// The pixels, row by row from the top, as red, green and blue bytes (three per
    /// pixel): the picture for libraries that take an RGB array.
    pub fn rgb(&self) -> Vec<u8> {
        self.pixels
            .iter()
            .flat_map(|&p| RGB[usize::from(p)])
            .collect()
    }

    /// The colour at (`x`, `y`), if it is inside.
    pub fn get(&self, x: i32, y: i32) -> Option<u8> {
        self.index(x, y).map(|i| self.pixels[i])
    }

    fn index(&self, x: i32, y: i32) -> Option<usize> {
        let (x, y) = (usize::try_from(x).ok()?, usize::try_from(y).ok()?);
        (x < usize::from(self.width) && y < usize::from(self.height))
            .then(|| y * usize::from(self.width) + x)
    }

    /// Paints one pixel; outside the picture nothing happens.
    pub fn set(&mut self, x: i32, y: i32, c: Colour) {
        if let Some(i) = self.index(x, y) {
            self.pixels[i] = c as u8;
        }
    }

    /// Fills the rectangle whose top left corner is (`x`, `y`).
    pub fn rect(&mut self, x: i32, y: i32, w: i32, h: i32, c: Colour) {
        for yy in y..y + h {
            for xx in x..x + w {
                self.set(xx, yy, c);
            }
        }
    }

    /// Draws the rectangle's border, `t` pixels thick, inside it.
    pub fn frame(&mut self, x: i32, y: i32, w: i32, h: i32, t: i32, c: Colour) {
        self.rect(x, y, w, t, c);
        self.rect(x, y + h - t, w, t, c);
        self.rect(x, y, t, h, c);
        self.rect(x + w - t, y, t, h, c);
    }

    /// Fills the disc of radius `r` around (`cx`, `cy`).
    pub fn disc(&mut self, cx: i32, cy: i32, r: i32, c: Colour) {
        for dy in -r..=r {
            for dx in -r..=r {
                if dx * dx + dy * dy <= r * r {
                    self.set(cx + dx, cy + dy, c);
                }
            }
        }
    }

    /// A line from (`x0`, `y0`) to (`x1`, `y1`), `t` pixels thick (round ends).
    pub fn line(&mut self, (x0, y0): (i32, i32), (x1, y1): (i32, i32), t: i32, c: Colour) {
        let steps = (x1 - x0).abs().max((y1 - y0).abs()).max(1);
        for i in 0..=steps {
            let x = x0 + (x1 - x0) * i / steps;
            let y = y0 + (y1 - y0) * i / steps;
            self.disc(x, y, t / 2, c);
        }
    }

    /// Writes `text` in the 8x8 font with its top left corner at (`x`, `y`), each
    /// font pixel `scale` pixels wide; characters the font lacks are written `?`.
    pub fn text(&mut self, x: i32, y: i32, text: &str, scale: i32, c: Colour) {
        use font8x8::UnicodeFonts;
        for (i, ch) in text.chars().enumerate() {
            let glyph = font8x8::BASIC_FONTS
                .get(ch)
                .or_else(|| font8x8::BASIC_FONTS.get('?'))
                .unwrap_or([0; 8]);
            let left = x + i32::try_from(i).unwrap_or(i32::MAX / 16) * 8 * scale;
            for (row, bits) in glyph.iter().enumerate() {
                for col in 0..8 {
                    if bits & (1 << col) != 0 {
                        let (px, py) = (left + col * scale, y + row as i32 * scale);
                        self.rect(px, py, scale, scale, c);
                    }
                }
            }
        }
    }

    /// The width `text` takes at `scale`.
    pub fn text_width(text: &str, scale: i32) -> i32 {
        i32::try_from(text.chars().count()).unwrap_or(i32::MAX / 16) * 8 * scale
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_stay_inside_the_picture() {
        let mut c = Canvas::new(10, 10, Colour::Paper);
        c.rect(-5, -5, 30, 30, Colour::Ink);
        c.disc(0, 0, 20, Colour::Army);
        c.line((-50, -50), (50, 50), 5, Colour::LastMove);
        c.text(-20, 5, "Turn 3", 2, Colour::White);
        assert_eq!(c.pixels().len(), 100);
    }

    #[test]
    fn rgb_gives_each_pixel_its_palette_colour() {
        let mut c = Canvas::new(2, 1, Colour::Paper);
        c.set(1, 0, Colour::Ink);
        let mut expected = RGB[Colour::Paper as usize].to_vec();
        expected.extend(RGB[Colour::Ink as usize]);
        assert_eq!(c.rgb(), expected);
    }

    #[test]
    fn text_paints_the_glyphs_pixels() {
        let mut c = Canvas::new(16, 8, Colour::Paper);
        c.text(0, 0, "I", 1, Colour::Ink);
        let inked = c
            .pixels()
            .iter()
            .filter(|&&p| p == Colour::Ink as u8)
            .count();
        assert!(inked > 5, "an I is drawn");
        let mut blank = Canvas::new(16, 8, Colour::Paper);
        blank.text(0, 0, " ", 1, Colour::Ink);
        assert!(blank.pixels().iter().all(|&p| p == Colour::Paper as u8));
    }
}
