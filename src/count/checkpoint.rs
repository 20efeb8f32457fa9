//! A sweep saved between two steps, so that a count of minutes or hours survives being stopped:
//! the states after a step and their counts, with what they are the states of.
//!
//! The file says what it holds before the states: a magic number, the format and the version of
//! the program that wrote it, the board, the tours counted and the method, a fingerprint of the
//! sweep (its plan and rules), the step and the states per step so far. A file whose header is
//! not this count's is refused with what it is a checkpoint of, never read as this count's.
//! The states follow compressed: a table's slots are in the order of their keys' hashes (see
//! `super::table`), so each key is written as the gap from the previous key's hash (a few
//! bytes where the key takes eight) and each count in as many bytes as it needs (LEB128). A
//! checksum over everything read back closes the file: a damaged or cut file is refused. It is
//! written to a file beside it and renamed over it once whole, so a process killed while saving
//! leaves the checkpoint before intact.

use std::fmt;
use std::fs::{self, File};
use std::io::{self, BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

use super::level::Level;
use super::table::{Table, HASH};

/// The first bytes of a checkpoint.
const MAGIC: &[u8; 8] = b"KTFRONT\n";
/// The layout of the file and of the states in it: raised with any change to either, or to how
/// the counter packs its states.
pub const FORMAT: u32 = 1;
/// The last bytes, before the checksum.
const END: &[u8; 4] = b"END\n";

/// What a checkpoint is of: a count it may resume, and no other.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Identity {
    /// The board, as "8x8".
    pub board: String,
    /// The tours counted, as "closed tours" or "open tours from a1".
    pub tours: String,
    pub method: String,
    /// The sweep's plan and rules: a change to the counter that would read these states
    /// differently changes it.
    pub sweep: u64,
}

/// A sweep between two steps, read back.
pub struct Saved {
    /// Squares added: the states are those after `step` squares.
    pub step: u32,
    /// How many states each step reached, from the start to `step`.
    pub reached: Vec<usize>,
    pub states: Level,
}

/// Why a checkpoint could not be saved or read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CheckpointError {
    /// The system's words for why the file could not be written or read.
    Io { path: PathBuf, error: String },
    /// The file is not a checkpoint of this program's counter.
    NotOne { path: PathBuf },
    /// Written by another version, or in another format.
    OtherVersion { path: PathBuf, version: String, format: u32 },
    /// A checkpoint of another count.
    OtherCount { path: PathBuf, of: Box<Identity>, wanted: Box<Identity> },
    /// Cut short or changed since it was written.
    Damaged { path: PathBuf, why: &'static str },
}

impl fmt::Display for CheckpointError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CheckpointError::Io { path, error } => write!(f, "checkpoint {}: {error}", path.display()),
            CheckpointError::NotOne { path } => {
                write!(f, "{} is not a checkpoint of knights-tour's counter: name another file", path.display())
            }
            CheckpointError::OtherVersion { path, version, format } => write!(
                f,
                "{} was saved by knights-tour {version} (checkpoint format {format}), and this is {} (format \
                 {FORMAT}), which would not read it right: delete it to count from the start",
                path.display(),
                env!("CARGO_PKG_VERSION")
            ),
            CheckpointError::OtherCount { path, of, wanted } if of.sweep != wanted.sweep && of.board == wanted.board && of.tours == wanted.tours => write!(
                f,
                "{} was saved by a counter that sweeps {} differently from this one, which would not read it \
                 right: delete it to count from the start",
                path.display(),
                of.board
            ),
            CheckpointError::OtherCount { path, of, wanted } => write!(
                f,
                "{} is a checkpoint of counting the {} of {} by {}, not the {} of {} by {}: name another file, or \
                 delete it",
                path.display(),
                of.tours,
                of.board,
                of.method,
                wanted.tours,
                wanted.board,
                wanted.method
            ),
            CheckpointError::Damaged { path, why } => {
                write!(f, "{} is damaged ({why}): delete it to count from the start", path.display())
            }
        }
    }
}

impl std::error::Error for CheckpointError {}

/// Saves `states`, those after `step` squares of a sweep of `identity` (`reached` states after
/// each step up to it), at `path`, whole or not at all.
pub fn save(
    path: &Path,
    identity: &Identity,
    step: u32,
    reached: &[usize],
    states: &Level,
) -> Result<(), CheckpointError> {
    let failed =
        |error: io::Error| CheckpointError::Io { path: path.to_path_buf(), error: error.to_string() };
    if let Some(folder) = path.parent().filter(|folder| !folder.as_os_str().is_empty()) {
        fs::create_dir_all(folder).map_err(failed)?;
    }
    let partial = partial(path);
    let file = File::create(&partial).map_err(failed)?;
    let mut out = Writer { out: BufWriter::with_capacity(1 << 20, file), sum: Checksum::new() };
    write_all(&mut out, identity, step, reached, states).map_err(failed)?;
    let file = out.out.into_inner().map_err(|error| failed(error.into_error()))?;
    // On the disk before it takes the place of the checkpoint before.
    file.sync_all().map_err(failed)?;
    fs::rename(&partial, path).map_err(failed)
}

/// The file a checkpoint is written to before it is whole.
fn partial(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".partial");
    PathBuf::from(name)
}

fn write_all(
    out: &mut Writer<impl Write>,
    identity: &Identity,
    step: u32,
    reached: &[usize],
    states: &Level,
) -> io::Result<()> {
    out.bytes(MAGIC)?;
    out.bytes(&FORMAT.to_le_bytes())?;
    out.text(env!("CARGO_PKG_VERSION"))?;
    out.text(&identity.board)?;
    out.text(&identity.tours)?;
    out.text(&identity.method)?;
    out.bytes(&identity.sweep.to_le_bytes())?;
    out.bytes(&step.to_le_bytes())?;
    out.number(reached.len() as u128)?;
    for &reached in reached {
        out.number(reached as u128)?;
    }
    out.number(states.len() as u128)?;
    let mut hash = 0u64;
    for part in states.parts() {
        for (_, key, count) in part.states(0..part.capacity()) {
            let next = key.wrapping_mul(HASH);
            // The gap, as a signed number (a slot displaced by probing comes after a larger hash)
            // in zigzag form: small either way.
            let gap = next.wrapping_sub(hash) as i64;
            out.number(u128::from(((gap << 1) ^ (gap >> 63)) as u64))?;
            out.number(count)?;
            hash = next;
        }
    }
    out.bytes(END)?;
    let sum = out.sum.0;
    out.out.write_all(&sum.to_le_bytes())
}

/// Reads the checkpoint at `path` if there is one, refusing one that is not of `identity`.
pub fn load(path: &Path, identity: &Identity) -> Result<Option<Saved>, CheckpointError> {
    let file = match File::open(path) {
        Ok(file) => file,
        Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(error) => return Err(CheckpointError::Io { path: path.to_path_buf(), error: error.to_string() }),
    };
    let mut input = Reader { input: BufReader::with_capacity(1 << 20, file), sum: Checksum::new() };
    let damaged = |why| CheckpointError::Damaged { path: path.to_path_buf(), why };
    let cut = |_| damaged("it is cut short or garbled");
    let mut magic = [0; 8];
    input.bytes(&mut magic).map_err(|_| CheckpointError::NotOne { path: path.to_path_buf() })?;
    if &magic != MAGIC {
        return Err(CheckpointError::NotOne { path: path.to_path_buf() });
    }
    let mut format = [0; 4];
    input.bytes(&mut format).map_err(cut)?;
    let format = u32::from_le_bytes(format);
    let version = input.text().map_err(cut)?;
    if format != FORMAT || version != env!("CARGO_PKG_VERSION") {
        return Err(CheckpointError::OtherVersion { path: path.to_path_buf(), version, format });
    }
    let mut sweep = [0; 8];
    let (board, tours, method) =
        (input.text().map_err(cut)?, input.text().map_err(cut)?, input.text().map_err(cut)?);
    input.bytes(&mut sweep).map_err(cut)?;
    let of = Identity { board, tours, method, sweep: u64::from_le_bytes(sweep) };
    if of != *identity {
        let (of, wanted) = (Box::new(of), Box::new(identity.clone()));
        return Err(CheckpointError::OtherCount { path: path.to_path_buf(), of, wanted });
    }
    let mut step = [0; 4];
    input.bytes(&mut step).map_err(cut)?;
    let step = u32::from_le_bytes(step);
    let steps = input.size().map_err(cut)?;
    if steps != step as usize + 1 {
        return Err(damaged("its states per step do not end at its step"));
    }
    let reached = (0..steps).map(|_| input.size()).collect::<io::Result<Vec<usize>>>().map_err(cut)?;
    let states = input.size().map_err(cut)?;
    // Two bytes a state at least: a number too large for the file is damage, not a table to make.
    let bytes = input.input.get_ref().metadata().map_or(u64::MAX, |metadata| metadata.len());
    if reached.last() != Some(&states) || states as u64 > bytes / 2 {
        return Err(damaged("it holds another number of states than its last step reached"));
    }
    let mut table = Table::packed(states);
    let mut hash = 0u64;
    for _ in 0..states {
        let gap = input.number().map_err(cut)? as u64;
        hash = hash.wrapping_add(((gap >> 1) as i64 ^ -((gap & 1) as i64)) as u64);
        let key = hash.wrapping_mul(UNHASH);
        let count = input.number().map_err(cut)?;
        table.push(key, count);
    }
    let mut end = [0; 4];
    input.bytes(&mut end).map_err(cut)?;
    let expected = input.sum.0;
    let mut sum = [0; 8];
    input.input.read_exact(&mut sum).map_err(cut)?;
    let more = input
        .input
        .read(&mut [0])
        .map_err(|error| CheckpointError::Io { path: path.to_path_buf(), error: error.to_string() })?;
    if &end != END || u64::from_le_bytes(sum) != expected || more != 0 {
        return Err(damaged("its checksum is not that of what it holds"));
    }
    Ok(Some(Saved { step, reached, states: Level::of(table) }))
}

/// Removes the checkpoint at `path`, if any: a count done needs it no more.
pub fn remove(path: &Path) -> Result<(), CheckpointError> {
    match fs::remove_file(path) {
        Err(error) if error.kind() != io::ErrorKind::NotFound => {
            Err(CheckpointError::Io { path: path.to_path_buf(), error: error.to_string() })
        }
        _ => Ok(()),
    }
}

/// The inverse of [`HASH`] modulo 2^64, by Newton's iteration (each doubles the bits right).
const UNHASH: u64 = {
    let mut inverse = HASH;
    let mut round = 0;
    while round < 6 {
        inverse = inverse.wrapping_mul(2u64.wrapping_sub(HASH.wrapping_mul(inverse)));
        round += 1;
    }
    inverse
};

/// A sum over the bytes and numbers of the header and the states, written and read back, that
/// any change to them changes, with high likelihood (not against tampering: against a damaged
/// or cut file).
struct Checksum(u64);

impl Checksum {
    fn new() -> Checksum {
        Checksum(0x243F_6A88_85A3_08D3)
    }

    fn mix(&mut self, word: u64) {
        self.0 = (self.0 ^ word).wrapping_mul(0x0000_0100_0000_01B3).rotate_left(29) ^ 0x9E37_79B9;
    }

    fn add(&mut self, number: u128) {
        self.mix(number as u64);
        self.mix((number >> 64) as u64);
    }
}

struct Writer<W> {
    out: W,
    sum: Checksum,
}

impl<W: Write> Writer<W> {
    fn bytes(&mut self, bytes: &[u8]) -> io::Result<()> {
        for &byte in bytes {
            self.sum.mix(u64::from(byte));
        }
        self.out.write_all(bytes)
    }

    fn text(&mut self, text: &str) -> io::Result<()> {
        self.number(text.len() as u128)?;
        self.bytes(text.as_bytes())
    }

    /// LEB128: seven bits a byte, the high bit saying more follow.
    fn number(&mut self, mut number: u128) -> io::Result<()> {
        self.sum.add(number);
        let mut bytes = [0u8; 19];
        let mut used = 0;
        loop {
            let byte = (number & 0x7F) as u8;
            number >>= 7;
            bytes[used] = byte | if number == 0 { 0 } else { 0x80 };
            used += 1;
            if number == 0 {
                break;
            }
        }
        self.out.write_all(&bytes[..used])
    }
}

struct Reader<R> {
    input: R,
    sum: Checksum,
}

impl<R: Read> Reader<R> {
    fn bytes(&mut self, bytes: &mut [u8]) -> io::Result<()> {
        self.input.read_exact(bytes)?;
        for &byte in bytes.iter() {
            self.sum.mix(u64::from(byte));
        }
        Ok(())
    }

    fn text(&mut self) -> io::Result<String> {
        let length = self.size()?;
        if length > 256 {
            return Err(io::ErrorKind::InvalidData.into());
        }
        let mut text = vec![0; length];
        self.bytes(&mut text)?;
        String::from_utf8(text).map_err(|_| io::ErrorKind::InvalidData.into())
    }

    fn number(&mut self) -> io::Result<u128> {
        let mut number = 0u128;
        for shift in (0..128).step_by(7) {
            let mut byte = [0];
            self.input.read_exact(&mut byte)?;
            number |= u128::from(byte[0] & 0x7F) << shift;
            if byte[0] & 0x80 == 0 {
                self.sum.add(number);
                return Ok(number);
            }
        }
        Err(io::ErrorKind::InvalidData.into())
    }

    /// A number that must fit in a `usize` (a count of states, which memory holds).
    fn size(&mut self) -> io::Result<usize> {
        usize::try_from(self.number()?).map_err(|_| io::ErrorKind::InvalidData.into())
    }
}
