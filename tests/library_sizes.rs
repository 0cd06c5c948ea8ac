//! Sizes a library user can pass to `Grid` and `Fov` that cannot be honoured fail at once, with a
//! message naming the size, as their `# Panics` sections say: never by wrapping `width * height`
//! into a small buffer that then panics (or answers wrongly) far from the cause.

use std::panic::{AssertUnwindSafe, catch_unwind};

use sightline::fov::Fov;
use sightline::{Grid, Pos};

/// The message of the panic `f` raises (failing the test if it returns).
fn panic_message(f: impl FnOnce()) -> String {
    let payload = catch_unwind(AssertUnwindSafe(f)).expect_err("it should panic");
    payload
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_default()
}

#[test]
#[cfg(target_pointer_width = "64")]
fn an_fov_area_that_overflows_is_refused_by_new() {
    // 2³² × 2³² wraps to 0 cells; usize::MAX × 2 wraps to usize::MAX − 1
    assert_eq!(
        panic_message(|| {
            let _ = Fov::new(1 << 32, 1 << 32);
        }),
        "a 4294967296x4294967296 Fov area is too large to address"
    );
    assert_eq!(
        panic_message(|| {
            let _ = Fov::new(usize::MAX, 2);
        }),
        format!("a {}x2 Fov area is too large to address", usize::MAX)
    );
    // the product fits a usize, but not as two-byte stamps in one allocation
    assert_eq!(
        panic_message(|| {
            let _ = Fov::new(1 << 31, 1 << 31);
        }),
        "a 2147483648x2147483648 Fov area is too large to address"
    );
    // a side past i32::MAX: its far cells have no Pos (the view would wrap around to negative x)
    assert_eq!(
        panic_message(|| {
            let _ = Fov::new((1 << 31) + 5, 1);
        }),
        "a 2147483653x1 Fov area is too large to address"
    );
    // a side past 2^30 − 1: the multicast's doubled offsets from the viewer would pass i32::MAX
    assert_eq!(
        panic_message(|| {
            let _ = Fov::new(1 << 30, 0);
        }),
        "a 1073741824x0 Fov area is too large to address"
    );
    assert_eq!(
        panic_message(|| {
            let _ = Fov::new(0, 1 << 30);
        }),
        "a 0x1073741824 Fov area is too large to address"
    );
    assert_eq!(sightline::fov::MAX_SIDE, (1 << 30) - 1);
    let longest = Fov::new(sightline::fov::MAX_SIDE, 0);
    assert_eq!((longest.width(), longest.height()), ((1 << 30) - 1, 0));
}

#[test]
#[cfg(target_pointer_width = "64")]
fn an_fov_resized_past_what_can_be_addressed_panics_and_keeps_its_view() {
    let open = |_: Pos| false;
    let mut fov = Fov::new(5, 5);
    sightline::fov::multicast::compute(Pos::new(2, 2), Some(1), &open, &mut fov);
    let before = fov.cells().to_vec();
    assert_eq!(
        panic_message(|| fov.resize(1 << 32, 1 << 32)),
        "a 4294967296x4294967296 Fov area is too large to address"
    );
    assert_eq!((fov.width(), fov.height()), (5, 5));
    assert_eq!(fov.cells(), &before[..]);
    assert!(fov.is_visible(Pos::new(2, 1)));
}

#[test]
#[cfg(target_pointer_width = "64")]
fn a_grid_whose_sides_overflow_is_refused() {
    // zero-sized cells: the old wrapped product made a 2³²×2³² grid of no cells at all
    assert_eq!(
        panic_message(|| {
            let _ = Grid::new(1 << 32, 1 << 32, ());
        }),
        "a 4294967296x4294967296 grid has more cells than a usize can count"
    );
    assert_eq!(
        panic_message(|| {
            let _ = Grid::new(usize::MAX, 2, 0u8);
        }),
        format!("a {}x2 grid has more cells than a usize can count", usize::MAX)
    );
    // from_vec answers None, as documented, rather than matching a wrapped product
    assert!(Grid::<u8>::from_vec(1 << 63, 2, vec![]).is_none());
    assert!(Grid::<()>::from_vec(1 << 32, 1 << 32, vec![]).is_none());
    assert_eq!(Grid::from_vec(3, 2, vec![0u8; 6]).map(|g| g.pos_of(5)), Some(Pos::new(2, 1)));
}

#[test]
fn pos_of_and_row_out_of_range_name_the_index_and_the_grid() {
    let g = Grid::new(3, 2, 0u8);
    assert_eq!(g.pos_of(0), Pos::new(0, 0));
    assert_eq!(g.pos_of(5), Pos::new(2, 1));
    // past the end: once the position one row below the grid, now a panic like a slice's
    assert_eq!(
        panic_message(|| {
            let _ = g.pos_of(6);
        }),
        "index 6 is outside the 3x2 grid"
    );
    assert_eq!(
        panic_message(|| {
            let _ = g.row(2);
        }),
        "row 2 is outside the 3x2 grid"
    );
    assert_eq!(
        panic_message(|| {
            let _ = g.row(99);
        }),
        "row 99 is outside the 3x2 grid"
    );
    // a grid with no columns has no cells: once a division by zero
    let empty = Grid::new(0, 5, 0u8);
    assert_eq!(
        panic_message(|| {
            let _ = empty.pos_of(0);
        }),
        "index 0 is outside the 0x5 grid"
    );
    assert_eq!(empty.row(4), &[] as &[u8]);
    assert_eq!(empty.iter().count(), 0);
}

#[test]
#[cfg(target_pointer_width = "64")]
fn a_position_that_does_not_fit_a_pos_is_not_wrapped() {
    let wide = Grid::new(1 << 33, 1, ());
    assert_eq!(wide.pos_of((1 << 31) - 1), Pos::new(i32::MAX, 0));
    assert_eq!(
        panic_message(|| {
            let _ = wide.pos_of(1 << 31);
        }),
        "index 2147483648 of the 8589934592x1 grid has no Pos"
    );
}
