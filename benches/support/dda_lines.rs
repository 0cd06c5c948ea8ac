//! The lines `benches/dda.rs` times, shared with `examples/dda_interleaved.rs`: line ends from
//! the origin, in four directions (one per quadrant), short (at most 10 cells), medium (about
//! 100) and long (about 10,000), and 4096 varied short ones.

/// Line ends from the origin; no line passes through an exact corner (one of `|dx| / g`,
/// `|dy| / g` is even, `g = gcd`), so every algorithm yields the same cells (1 + |dx| + |dy|
/// of them; the bench checks it at startup).
pub const SHORT: [(i32, i32); 4] = [(5, 2), (-4, 3), (3, -6), (-6, -1)];
pub const MEDIUM: [(i32, i32); 4] = [(61, 38), (-47, 52), (20, -79), (-70, -29)];
pub const LONG: [(i32, i32); 4] = [(6100, 3899), (-4700, 5299), (2000, -7999), (-7000, -2999)];

/// 4096 line ends with `|dx| + |dy| <= 9` (at most 10 cells), pseudo-random but fixed.
pub fn varied_short() -> Vec<(i32, i32)> {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut out = Vec::with_capacity(4096);
    while out.len() < 4096 {
        let (dx, dy) = ((next() % 19) as i32 - 9, (next() % 19) as i32 - 9);
        if dx.abs() + dy.abs() <= 9 {
            out.push((dx, dy));
        }
    }
    out
}
