//! A WebM recording given its length. A browser's `MediaRecorder` writes a WebM as it records,
//! so it cannot know the length up front: Chromium leaves the Segment's Info without a Duration,
//! and a player then shows no length and cannot seek until it has read the whole file. Once the
//! recording has stopped the page knows how long it was, and this writes the Duration in.
//!
//! A WebM is Matroska, which is EBML: elements of an ID and a size, each a variable-length
//! integer whose first byte's leading zeros say how many bytes follow, then the content. The
//! Segment (the whole recording, its size often "unknown": all ones) holds the Info, which holds
//! the TimecodeScale (nanoseconds a tick, 1,000,000 by default) and the Duration, a float of
//! ticks. The Info is rewritten with its Duration; everything after it moves along by the bytes
//! added, which only a SeekHead or Cues (byte positions in the Segment) would notice: a file with
//! either before the Info is left alone (a recorder writes neither).

use std::fmt;

const SEGMENT: u32 = 0x1853_8067;
const INFO: u32 = 0x1549_A966;
const SEEK_HEAD: u32 = 0x114D_9B74;
const CUES: u32 = 0x1C53_BB6B;
const TIMECODE_SCALE: u32 = 0x2A_D7B1;
const DURATION: u32 = 0x4489;
/// Matroska's default tick: a millisecond.
const DEFAULT_SCALE: u64 = 1_000_000;

/// Why a file was left as it was.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WebmError {
    /// It ends in the middle of an element.
    Truncated,
    /// It is not an EBML file with a Segment.
    NotWebm,
    /// Its Segment has no Info before its first element of unknown size.
    NoInfo,
    /// Byte positions in it would have to move (a SeekHead or Cues before the Info).
    Indexed,
    /// The duration is not a length of time.
    BadDuration,
}

impl fmt::Display for WebmError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            WebmError::Truncated => "the recording ends in the middle of an element",
            WebmError::NotWebm => "the recording is not a WebM file",
            WebmError::NoInfo => "the recording has no segment info to give a duration",
            WebmError::Indexed => "the recording has an index whose byte positions would move",
            WebmError::BadDuration => "a duration must be a positive number of milliseconds",
        })
    }
}

impl std::error::Error for WebmError {}

/// An element's header: its ID, its content's size (`None`: unknown), and where the content
/// starts.
struct Header {
    id: u32,
    size: Option<u64>,
    content: usize,
}

/// A variable-length integer at `at`: its value with the length marker taken off, and its
/// length in bytes; `keep_marker` keeps the marker (IDs are written with it).
fn vint(bytes: &[u8], at: usize, keep_marker: bool) -> Result<(u64, usize), WebmError> {
    let first = *bytes.get(at).ok_or(WebmError::Truncated)?;
    let length = first.leading_zeros() as usize + 1;
    if length > 8 {
        return Err(WebmError::NotWebm);
    }
    let rest = bytes.get(at + 1..at + length).ok_or(WebmError::Truncated)?;
    let marker = if keep_marker { first } else { first & (0xFF_u16 >> length) as u8 };
    let value = rest.iter().fold(u64::from(marker), |value, &byte| (value << 8) | u64::from(byte));
    Ok((value, length))
}

fn header(bytes: &[u8], at: usize) -> Result<Header, WebmError> {
    let (id, id_length) = vint(bytes, at, true)?;
    let (size, size_length) = vint(bytes, at + id_length, false)?;
    let unknown = size == (1 << (7 * size_length)) - 1;
    let content = at + id_length + size_length;
    let size = if unknown { None } else { Some(size) };
    if let Some(size) = size {
        if content as u64 + size > bytes.len() as u64 {
            return Err(WebmError::Truncated);
        }
    }
    Ok(Header { id: id as u32, size, content })
}

/// `value` as a size of `length` bytes (its marker included), if it fits.
fn size_bytes(value: u64, length: usize) -> Option<Vec<u8>> {
    if value >= (1 << (7 * length)) - 1 {
        return None;
    }
    let marked = value | (1 << (7 * length));
    Some(marked.to_be_bytes()[8 - length..].to_vec())
}

fn id_bytes(id: u32) -> Vec<u8> {
    let bytes = id.to_be_bytes();
    let skip = bytes.iter().take_while(|&&byte| byte == 0).count();
    bytes[skip..].to_vec()
}

/// The recording `bytes` with its Duration set to `duration_ms` milliseconds.
pub fn with_duration(bytes: &[u8], duration_ms: f64) -> Result<Vec<u8>, WebmError> {
    if !(duration_ms.is_finite() && duration_ms > 0.0) {
        return Err(WebmError::BadDuration);
    }
    let ebml = header(bytes, 0)?;
    let (Some(ebml_size), 0x1A45_DFA3) = (ebml.size, ebml.id) else { return Err(WebmError::NotWebm) };
    let segment_at = ebml.content + ebml_size as usize;
    let segment = header(bytes, segment_at)?;
    if segment.id != SEGMENT {
        return Err(WebmError::NotWebm);
    }
    let segment_end = segment.size.map_or(bytes.len(), |size| segment.content + size as usize);
    // The Segment's children up to its Info.
    let mut at = segment.content;
    let info = loop {
        if at >= segment_end {
            return Err(WebmError::NoInfo);
        }
        let child = header(bytes, at)?;
        match (child.id, child.size) {
            (INFO, Some(_)) => break child,
            (SEEK_HEAD | CUES, _) => return Err(WebmError::Indexed),
            (_, Some(size)) => at = child.content + size as usize,
            (_, None) => return Err(WebmError::NoInfo),
        }
    };
    let info_end = info.content + info.size.expect("a known size") as usize;
    // The Info's children but its Duration, and its tick.
    let mut content = Vec::new();
    let mut scale = DEFAULT_SCALE;
    let mut child_at = info.content;
    while child_at < info_end {
        let child = header(bytes, child_at)?;
        let end = child.content + child.size.ok_or(WebmError::NotWebm)? as usize;
        if child.id == TIMECODE_SCALE {
            scale = bytes[child.content..end].iter().fold(0, |value, &byte| (value << 8) | u64::from(byte));
        }
        if child.id != DURATION {
            content.extend_from_slice(&bytes[child_at..end]);
        }
        child_at = end;
    }
    let ticks = duration_ms * 1e6 / scale.max(1) as f64;
    content.extend_from_slice(&id_bytes(DURATION));
    content.push(0x88); // eight bytes: a double
    content.extend_from_slice(&ticks.to_be_bytes());

    let mut out = Vec::with_capacity(bytes.len() + 16);
    out.extend_from_slice(&bytes[..segment_at]);
    out.extend_from_slice(&id_bytes(SEGMENT));
    let segment_size_length = segment.content - segment_at - id_bytes(SEGMENT).len();
    let info_length = content.len() + id_bytes(INFO).len() + 8;
    match segment.size {
        None => out.extend_from_slice(&bytes[segment.content - segment_size_length..segment.content]),
        Some(size) => {
            let grown = size + info_length as u64 - (info_end - at) as u64;
            out.extend_from_slice(&size_bytes(grown, segment_size_length).ok_or(WebmError::Indexed)?);
        }
    }
    out.extend_from_slice(&bytes[segment.content..at]);
    out.extend_from_slice(&id_bytes(INFO));
    out.extend_from_slice(&size_bytes(content.len() as u64, 8).expect("an Info fits eight bytes"));
    out.extend_from_slice(&content);
    out.extend_from_slice(&bytes[info_end..]);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The Duration of a WebM's Info in milliseconds, if it has one: what a player reads.
    pub fn duration(bytes: &[u8]) -> Option<f64> {
        let ebml = header(bytes, 0).ok()?;
        let segment = header(bytes, ebml.content + ebml.size? as usize).ok()?;
        let mut at = segment.content;
        let info = loop {
            let child = header(bytes, at).ok()?;
            if child.id == INFO {
                break child;
            }
            at = child.content + child.size? as usize;
        };
        let end = info.content + info.size? as usize;
        let (mut at, mut scale, mut ticks) = (info.content, DEFAULT_SCALE, None);
        while at < end {
            let child = header(bytes, at).ok()?;
            let child_end = child.content + child.size? as usize;
            let content = &bytes[child.content..child_end];
            match child.id {
                TIMECODE_SCALE => {
                    scale = content.iter().fold(0, |value, &byte| (value << 8) | u64::from(byte))
                }
                DURATION if content.len() == 8 => ticks = Some(f64::from_be_bytes(content.try_into().ok()?)),
                DURATION if content.len() == 4 => {
                    ticks = Some(f64::from(f32::from_be_bytes(content.try_into().ok()?)))
                }
                _ => {}
            }
            at = child_end;
        }
        ticks.map(|ticks| ticks * scale as f64 / 1e6)
    }

    /// An element: its ID and its content, the size written in the fewest bytes.
    fn element(id: u32, content: &[u8]) -> Vec<u8> {
        let length = (1..=8).find(|&length| size_bytes(content.len() as u64, length).is_some()).unwrap();
        [id_bytes(id), size_bytes(content.len() as u64, length).unwrap(), content.to_vec()].concat()
    }

    fn ebml_header() -> Vec<u8> {
        element(0x1A45_DFA3, &element(0x4282, b"webm"))
    }

    fn info(extra: &[u8]) -> Vec<u8> {
        let scale = element(TIMECODE_SCALE, &[0x0F, 0x42, 0x40]); // 1,000,000
        element(INFO, &[scale, element(0x4D80, b"Chrome"), extra.to_vec()].concat())
    }

    /// What Chromium's recorder writes: a Segment of unknown size, its Info without a Duration,
    /// Tracks, then Clusters of unknown size.
    fn recording() -> Vec<u8> {
        let body =
            [info(&[]), element(0x1654_AE6B, &[0xAE, 0x80]), vec![0x1F, 0x43, 0xB6, 0x75, 0xFF, 1, 2, 3]]
                .concat();
        [ebml_header(), vec![0x18, 0x53, 0x80, 0x67, 0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF], body]
            .concat()
    }

    #[test]
    fn a_recording_without_a_duration_gets_one_and_nothing_after_its_info_changes() {
        let before = recording();
        assert_eq!(duration(&before), None);
        let after = with_duration(&before, 6530.0).expect("a WebM");
        assert_eq!(duration(&after), Some(6530.0));
        assert!(after.ends_with(&before[before.len() - 14..]), "the Tracks and the Cluster as they were");
        assert_eq!(after.len(), before.len() + 11 + 7, "the Duration, and the Info's size in eight bytes");
    }

    #[test]
    fn a_duration_is_replaced_and_counted_in_the_files_ticks() {
        let with_one = with_duration(&recording(), 1000.0).unwrap();
        let again = with_duration(&with_one, 2500.0).unwrap();
        assert_eq!(duration(&again), Some(2500.0));
        assert_eq!(again.len(), with_one.len(), "one Duration, not two");
        // Ticks of a microsecond: the Duration is a thousand times the milliseconds.
        let micro =
            [ebml_header(), element(SEGMENT, &element(INFO, &element(TIMECODE_SCALE, &[0x03, 0xE8])))]
                .concat();
        let timed = with_duration(&micro, 40.0).unwrap();
        assert_eq!(duration(&timed), Some(40.0));
        assert!(timed.windows(8).any(|w| w == 40_000.0f64.to_be_bytes()));
    }

    #[test]
    fn a_segment_of_known_size_grows_by_the_bytes_added() {
        let body = [info(&[]), element(0x1654_AE6B, &[0xAE, 0x80])].concat();
        let before = [ebml_header(), element(SEGMENT, &body)].concat();
        let after = with_duration(&before, 10.0).unwrap();
        let segment = header(&after, ebml_header().len()).unwrap();
        assert_eq!(segment.content as u64 + segment.size.unwrap(), after.len() as u64);
        assert_eq!(duration(&after), Some(10.0));
    }

    #[test]
    fn what_is_not_a_recording_it_can_fix_is_refused_in_words() {
        assert_eq!(with_duration(b"GIF89a", 1.0), Err(WebmError::Truncated));
        assert_eq!(with_duration(&[], 1.0), Err(WebmError::Truncated));
        let indexed =
            [ebml_header(), element(SEGMENT, &[element(SEEK_HEAD, &[]), info(&[])].concat())].concat();
        assert_eq!(with_duration(&indexed, 1.0), Err(WebmError::Indexed));
        let bare = [ebml_header(), element(SEGMENT, &element(0x1654_AE6B, &[]))].concat();
        assert_eq!(with_duration(&bare, 1.0), Err(WebmError::NoInfo));
        assert_eq!(with_duration(&recording(), f64::NAN), Err(WebmError::BadDuration));
        let cut = recording();
        assert_eq!(with_duration(&cut[..30], 1.0), Err(WebmError::Truncated));
        assert!(WebmError::Indexed.to_string().contains("index"));
    }
}
