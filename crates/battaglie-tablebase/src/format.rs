//! The tablebase file: a header naming what it holds, the entries deflated, a checksum.
//!
//! ```text
//! magic        8 bytes  "BTLTBASE"
//! version      u16      1
//! fingerprint  u64      hash of the map and rules it was built for
//! quiet limit  u32
//! max pieces   u8
//! scenario id  u16 length, then UTF-8
//! materials    u16 count, then per material 6 counts (Army F M V, Indians F M V)
//!              and its entry count (u64)
//! payload      u64 length, then every material's entries in that order, deflated
//! checksum     u32      CRC-32 of everything before it
//! ```
//!
//! Numbers are little-endian. An entry is one byte: 0 draw, 1..=127 win in that many
//! plies, 128..=254 loss in (byte - 127), 255 no position.

use std::io::{self, Read, Write};
use std::path::Path;

use flate2::read::DeflateDecoder;
use flate2::write::DeflateEncoder;
use flate2::Compression;

use battaglie_rules::Scenario;

use crate::layout::Layout;
use crate::map::Map;
use crate::material::{Material, MAX_PIECES};
use crate::tablebase::Tablebase;

const MAGIC: &[u8; 8] = b"BTLTBASE";
/// The file format's version.
pub const VERSION: u16 = 1;

/// Error of [`Tablebase::read`] and [`Tablebase::load`].
#[derive(Debug, thiserror::Error)]
pub enum FileError {
    /// The file could not be read or written.
    #[error("{0}")]
    Io(#[from] io::Error),
    /// It does not start like a tablebase file.
    #[error("not a battaglie tablebase (no BTLTBASE header)")]
    NotATablebase,
    /// A format this program does not know.
    #[error("tablebase format version {0}, this program reads version {VERSION}")]
    Version(u16),
    /// It ends before the named part.
    #[error("the file ends inside its {0}")]
    Truncated(&'static str),
    /// The checksum does not match: the file is damaged.
    #[error(
        "checksum mismatch (stored {stored:08x}, computed {computed:08x}): the file is damaged"
    )]
    Checksum {
        /// The file's checksum.
        stored: u32,
        /// The checksum of its content.
        computed: u32,
    },
    /// Built for another scenario.
    #[error("built for scenario `{found}`, not `{expected}`")]
    OtherScenario {
        /// The file's scenario id.
        found: String,
        /// The scenario asked for.
        expected: String,
    },
    /// Built for the same scenario id but another map or other rules.
    #[error("built for another version of scenario `{0}` (its map or rules have changed): build it again")]
    OtherRules(String),
    /// A material with impossible counts, or a piece count beyond what a table holds.
    #[error("material {0} of the file is not one a table holds")]
    BadMaterial(usize),
    /// A material's entry count is not its layout's.
    #[error("material {material} holds {found} entries where {expected} were expected")]
    WrongSize {
        /// The material.
        material: Material,
        /// Its entries in the file.
        found: u64,
        /// Its entries by the layout.
        expected: u64,
    },
    /// The payload does not inflate to the entries the header announces.
    #[error("the entries do not inflate to the size the header announces")]
    Payload,
    /// Bytes after the checksum.
    #[error("unexpected bytes after the checksum")]
    Trailing,
    /// The scenario id is not UTF-8.
    #[error("the scenario id is not UTF-8")]
    BadId,
}

impl Tablebase {
    /// Writes the file format (see the module documentation).
    ///
    /// # Errors
    /// The writer's error.
    pub fn write(&self, out: &mut impl Write) -> io::Result<()> {
        let mut bytes = Vec::new();
        bytes.extend_from_slice(MAGIC);
        bytes.extend(VERSION.to_le_bytes());
        bytes.extend(self.map.fingerprint.to_le_bytes());
        bytes.extend(self.map.rules.quiet_limit().to_le_bytes());
        bytes.push(self.max_pieces);
        bytes.extend((self.scenario_id.len() as u16).to_le_bytes());
        bytes.extend(self.scenario_id.as_bytes());
        let materials = self.materials();
        bytes.extend((materials.len() as u16).to_le_bytes());
        let mut payload = DeflateEncoder::new(Vec::new(), Compression::default());
        for m in &materials {
            let t = self.tables[m.key()]
                .as_ref()
                .expect("listed materials are held");
            bytes.extend(m.counts().iter().flatten());
            bytes.extend((t.entries.len() as u64).to_le_bytes());
            payload.write_all(&t.entries)?;
        }
        let payload = payload.finish()?;
        bytes.extend((payload.len() as u64).to_le_bytes());
        bytes.extend(&payload);
        let crc = crc32fast::hash(&bytes);
        bytes.extend(crc.to_le_bytes());
        out.write_all(&bytes)
    }

    /// Writes the file to `path` (through a temporary file beside it, so that a reader
    /// never sees half a table).
    ///
    /// # Errors
    /// The file system's error.
    pub fn save(&self, path: &Path) -> io::Result<()> {
        let tmp = path.with_extension("tmp");
        let mut f = io::BufWriter::new(std::fs::File::create(&tmp)?);
        self.write(&mut f)?;
        f.into_inner().map_err(|e| e.into_error())?.sync_all()?;
        std::fs::rename(&tmp, path)
    }

    /// Reads a table written by [`Tablebase::write`] for `scenario`.
    ///
    /// # Errors
    /// A [`FileError`] saying what is wrong: not a tablebase, another version, damaged
    /// (checksum), built for another scenario or other rules, inconsistent sizes.
    pub fn read(input: &mut impl Read, scenario: &Scenario) -> Result<Tablebase, FileError> {
        let mut bytes = Vec::new();
        input.read_to_end(&mut bytes)?;
        if bytes.len() < MAGIC.len() || &bytes[..MAGIC.len()] != MAGIC {
            return Err(FileError::NotATablebase);
        }
        let mut r = Reader {
            bytes: &bytes,
            at: MAGIC.len(),
        };
        let version = u16::from_le_bytes(r.take("header")?);
        if version != VERSION {
            return Err(FileError::Version(version));
        }
        if bytes.len() < 4 {
            return Err(FileError::Truncated("checksum"));
        }
        let (body, tail) = bytes.split_at(bytes.len() - 4);
        let stored = u32::from_le_bytes(tail.try_into().expect("four bytes"));
        let computed = crc32fast::hash(body);
        if stored != computed {
            return Err(FileError::Checksum { stored, computed });
        }
        r.bytes = body;
        let fingerprint = u64::from_le_bytes(r.take("header")?);
        let _quiet_limit = u32::from_le_bytes(r.take::<4>("header")?);
        let [max_pieces] = r.take("header")?;
        let id_len = u16::from_le_bytes(r.take("header")?) as usize;
        let id = std::str::from_utf8(r.slice(id_len, "scenario id")?)
            .map_err(|_| FileError::BadId)?
            .to_string();
        if id != scenario.id() {
            return Err(FileError::OtherScenario {
                found: id,
                expected: scenario.id().to_string(),
            });
        }
        let map = Map::new(scenario);
        if fingerprint != map.fingerprint {
            return Err(FileError::OtherRules(id));
        }
        if max_pieces > MAX_PIECES {
            return Err(FileError::BadMaterial(0));
        }
        let count = u16::from_le_bytes(r.take("material list")?) as usize;
        let mut materials = Vec::with_capacity(count);
        for i in 0..count {
            let c: [u8; 6] = r.take("material list")?;
            let m = Material::new([[c[0], c[1], c[2]], [c[3], c[4], c[5]]]);
            if c.iter().any(|&n| n > MAX_PIECES) || m.total() > max_pieces || m.total() < 2 {
                return Err(FileError::BadMaterial(i));
            }
            let found = u64::from_le_bytes(r.take("material list")?);
            let expected = Layout::new(m, &map).len();
            if found != expected {
                return Err(FileError::WrongSize {
                    material: m,
                    found,
                    expected,
                });
            }
            materials.push((m, found));
        }
        let len = u64::from_le_bytes(r.take("payload")?) as usize;
        let payload = r.slice(len, "payload")?;
        if r.at != body.len() {
            return Err(FileError::Trailing);
        }
        let mut inflate = DeflateDecoder::new(payload);
        let mut tb = Tablebase {
            scenario_id: id,
            map,
            max_pieces,
            tables: vec![None; 5usize.pow(6)],
        };
        for (m, n) in materials {
            let mut entries = vec![0u8; n as usize];
            inflate
                .read_exact(&mut entries)
                .map_err(|_| FileError::Payload)?;
            tb.insert(m, entries);
        }
        if inflate
            .read(&mut [0u8; 1])
            .map_err(|_| FileError::Payload)?
            != 0
        {
            return Err(FileError::Payload);
        }
        Ok(tb)
    }

    /// Reads the file at `path` (see [`Tablebase::read`]).
    ///
    /// # Errors
    /// As [`Tablebase::read`].
    pub fn load(path: &Path, scenario: &Scenario) -> Result<Tablebase, FileError> {
        let mut f = io::BufReader::new(std::fs::File::open(path)?);
        Tablebase::read(&mut f, scenario)
    }
}

/// A cursor over the file's bytes.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn slice(&mut self, n: usize, what: &'static str) -> Result<&'a [u8], FileError> {
        let end = self.at.checked_add(n).ok_or(FileError::Truncated(what))?;
        let s = self
            .bytes
            .get(self.at..end)
            .ok_or(FileError::Truncated(what))?;
        self.at = end;
        Ok(s)
    }

    fn take<const N: usize>(&mut self, what: &'static str) -> Result<[u8; N], FileError> {
        Ok(self.slice(N, what)?.try_into().expect("slice of N bytes"))
    }
}
