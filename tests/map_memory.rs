//! Memory bounds of the loader, measured with a counting allocator: a 4096×4096 map costs its
//! source text plus about one byte per cell (no second copy of the text, no per-cell strings),
//! and a map over the size limit — or a file that claims millions of rows — is rejected without
//! allocating its grid or a reference per row.
//!
//! One test function only: the allocator counts the whole process, so nothing may run beside it.

#[path = "support/peak_alloc.rs"]
mod peak_alloc;

use peak_alloc::peak_during;
use sightline::map::MAX_SIDE;
use sightline::map::format::{parse_ron, parse_text};

#[test]
fn loading_costs_one_byte_per_cell_beyond_the_source() {
    let side = MAX_SIDE;
    let cells = side * side;
    let row = format!("#{}#", ".".repeat(side - 2));

    // RON: rows borrowed from the source, one byte per tile
    let mut src = String::with_capacity(cells + 8 * side + 64);
    src.push_str("(name: \"big\", rows: [\n");
    for _ in 0..side {
        src.push('"');
        src.push_str(&row);
        src.push_str("\",\n");
    }
    src.push_str("])\n");
    let (map, extra) = peak_during(|| parse_ron(&src, "big.ron"));
    let map = map.unwrap();
    assert_eq!((map.width(), map.height()), (side, side));
    eprintln!("RON {side}x{side}: {extra} bytes beyond the {}-byte source", src.len());
    assert!(extra <= cells + cells / 8, "RON: {extra} bytes beyond the source for {cells} cells");
    drop(map);

    // plain text: the same
    let text: String = (0..side).map(|_| format!("{row}\n")).collect();
    let (map, extra) = peak_during(|| parse_text(&text, "big.txt"));
    assert!(map.is_ok());
    eprintln!("text {side}x{side}: {extra} bytes beyond the {}-byte source", text.len());
    assert!(extra <= cells + cells / 8, "text: {extra} bytes beyond the source for {cells} cells");
    drop(map);

    // one row too many: rejected without a grid
    let over: String = (0..=side).map(|_| format!("{row}\n")).collect();
    let (result, extra) = peak_during(|| parse_text(&over, "over.txt"));
    assert!(result.is_err());
    assert!(extra < cells / 16, "rejecting {} rows allocated {extra} bytes", side + 1);

    // rows far too wide: rejected without a grid
    let wide = format!("(name: \"w\", rows: [\"{}\", \"{}\"])", ".".repeat(3 * side), ".".repeat(3 * side));
    let (result, extra) = peak_during(|| parse_ron(&wide, "wide.ron"));
    assert!(result.is_err());
    assert!(extra < 64 * 1024, "rejecting over-wide rows allocated {extra} bytes");
    drop(wide);

    // files that claim far more rows than the limit, within the file size limit: refused without
    // a reference per row (20 million rows would cost 320 MB of `&str` in text, 480 MB of rows
    // in RON). Locating the problem may build the sparse line index, at most an eighth of the
    // text (a quarter while its vector doubles).
    let claims = 20_000_000;
    let text = "#\n".repeat(claims);
    let (result, extra) = peak_during(|| parse_text(&text, "claims.txt"));
    assert!(result.unwrap_err().problems[0].message.contains("20000000 rows"));
    assert!(extra < text.len() / 4, "rejecting {claims} text rows allocated {extra} bytes");
    drop(text);
    let ron = format!("(name: \"c\", rows: [{}])", "\"\",".repeat(claims));
    let (result, extra) = peak_during(|| parse_ron(&ron, "claims.ron"));
    assert!(result.unwrap_err().problems[0].message.contains("more than 4096 rows"));
    assert!(extra < 1024 * 1024, "rejecting {claims} RON rows allocated {extra} bytes");
}
