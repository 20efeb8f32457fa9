//! Numbers as the core's words write them, for people: with their thousands grouped, and sizes
//! in bytes in binary units.

/// A whole number with its thousands separated by commas: 1048576 is "1,048,576". Of any width,
/// written as its own type writes it: a page's first module, which groups no number past 64 bits,
/// has no code that writes one.
pub fn grouped(n: impl std::fmt::Display) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

/// "a" or "an" before `n` read aloud: an 8×8 board, an 11×4 one, an 18,000×2 one, a 10×10 one.
pub fn article(n: impl std::fmt::Display) -> &'static str {
    let digits = n.to_string();
    // The digits before the first comma, as bytes: a string's slice would bring the message of a
    // cut through a character, and Unicode's tables to write it, into the first module.
    let lead = &digits.as_bytes()[..(digits.len() - 1) % 3 + 1];
    if lead.starts_with(b"8") || lead == b"11" || lead == b"18" {
        "an"
    } else {
        "a"
    }
}

/// A size in bytes as a person reads it, in binary units: "512 KiB" (whole kibibytes, rounded
/// up, so that a few bytes never read as none), "48.2 MiB", "2.0 GiB".
pub fn bytes(n: u64) -> String {
    const KIB: f64 = 1024.0;
    const MIB: f64 = KIB * 1024.0;
    const GIB: f64 = MIB * 1024.0;
    let n = n as f64;
    if n >= GIB {
        format!("{:.1} GiB", n / GIB)
    } else if n >= MIB {
        format!("{:.1} MiB", n / MIB)
    } else {
        format!("{:.0} KiB", (n / KIB).ceil())
    }
}

#[cfg(test)]
mod tests {
    use super::{article, bytes, grouped};

    #[test]
    fn thousands_are_grouped_from_the_right() {
        assert_eq!(grouped(0u32), "0");
        assert_eq!(grouped(999u32), "999");
        assert_eq!(grouped(1000u32), "1,000");
        assert_eq!(grouped(1_048_576u32), "1,048,576");
        assert_eq!(grouped(u128::MAX), "340,282,366,920,938,463,463,374,607,431,768,211,455");
    }

    #[test]
    fn the_article_is_the_one_a_number_takes_read_aloud() {
        for (n, word) in
            [(8, "an"), (80, "an"), (800, "an"), (8_000, "an"), (11, "an"), (18, "an"), (11_000, "an")]
        {
            assert_eq!(article(n), word, "{n}");
        }
        for (n, word) in
            [(0, "a"), (1, "a"), (10, "a"), (110, "a"), (180, "a"), (1_100, "a"), (2_000_000, "a")]
        {
            assert_eq!(article(n), word, "{n}");
        }
    }

    #[test]
    fn sizes_are_in_binary_units_kibibytes_rounded_up() {
        assert_eq!(bytes(0), "0 KiB");
        assert_eq!(bytes(10), "1 KiB");
        assert_eq!(bytes(1024), "1 KiB");
        assert_eq!(bytes(1025), "2 KiB");
        assert_eq!(bytes(1 << 20), "1.0 MiB");
        assert_eq!(bytes(50_541_158), "48.2 MiB");
        assert_eq!(bytes(3 << 30), "3.0 GiB");
    }
}
