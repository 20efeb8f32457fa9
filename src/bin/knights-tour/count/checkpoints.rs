//! Where a count is saved unless told: a file named after the count in the user's cache folder,
//! on disk (an 8x8 frontier is gigabytes: a folder in memory, such as a tmpfs /tmp, would hold
//! it in the memory the count needs, and lose it when the machine stops).

use std::path::{Path, PathBuf};

use knights_tour::count::Tours;
use knights_tour::Board;

/// The file a count of `tours` on `board` is saved in by default, or why there is none.
pub fn default_file(board: Board, tours: Tours) -> Result<PathBuf, String> {
    let name = format!("{board}-{}.frontier", tours.describe(board).replace(' ', "-"));
    let home = std::env::var_os("HOME").map(PathBuf::from);
    let folders =
        [std::env::var_os("XDG_CACHE_HOME").map(PathBuf::from), home.map(|home| home.join(".cache"))];
    let folder = folders
        .into_iter()
        .flatten()
        .map(|cache| cache.join("knights-tour"))
        .find(|folder| !memory_backed(folder));
    folder.map(|folder| folder.join(name)).ok_or_else(|| {
        "not saving the count as it goes: no cache folder on disk (set HOME or XDG_CACHE_HOME, or give \
         --checkpoint FILE)"
            .to_string()
    })
}

/// Whether `folder` (or, if it is not made yet, the folder it would be made in) is on a file
/// system held in memory, by the mount table of Linux (`/proc/self/mounts`); elsewhere, no.
fn memory_backed(folder: &Path) -> bool {
    let Ok(mounts) = std::fs::read_to_string("/proc/self/mounts") else { return false };
    let Some(existing) = folder.ancestors().find(|folder| folder.exists()) else { return false };
    let Ok(existing) = existing.canonicalize() else { return false };
    // The mount holding the folder is the one with the longest mount point above it.
    let kind = mounts
        .lines()
        .filter_map(|line| {
            let mut fields = line.split_whitespace();
            let (_, point, kind) = (fields.next()?, fields.next()?, fields.next()?);
            existing.starts_with(point).then_some((point.len(), kind))
        })
        .max_by_key(|&(length, _)| length)
        .map(|(_, kind)| kind);
    matches!(kind, Some("tmpfs" | "ramfs"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_counts_file_is_named_after_it_in_a_folder_on_disk() {
        let board: Board = "8x8".parse().unwrap();
        let file = default_file(board, Tours::Closed).unwrap();
        assert!(file.ends_with("knights-tour/8x8-closed-tours.frontier"), "{}", file.display());
        assert!(!memory_backed(file.parent().unwrap()));
        let a1 = board.parse_square("a1").unwrap();
        assert!(default_file(board, Tours::ClosedFrom(a1))
            .unwrap()
            .ends_with("8x8-closed-tours-from-a1.frontier"));
        if Path::new("/dev/shm").exists() {
            assert!(memory_backed(Path::new("/dev/shm/knights-tour")), "/dev/shm is a tmpfs");
        }
    }
}
