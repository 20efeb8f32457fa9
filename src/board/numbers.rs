//! Numbers as the core's words write them, for people: with their thousands grouped.

/// A whole number with its thousands separated by commas: 1048576 is "1,048,576".
pub fn grouped(n: impl Into<u128>) -> String {
    let digits = n.into().to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::grouped;

    #[test]
    fn thousands_are_grouped_from_the_right() {
        assert_eq!(grouped(0u32), "0");
        assert_eq!(grouped(999u32), "999");
        assert_eq!(grouped(1000u32), "1,000");
        assert_eq!(grouped(1_048_576u32), "1,048,576");
        assert_eq!(grouped(u128::MAX), "340,282,366,920,938,463,463,374,607,431,768,211,455");
    }
}
