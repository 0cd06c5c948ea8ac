//! `multicast::compute` allocates nothing once its buffer is warm, and its working memory
//! follows the radius, not the map.
//!
//! This file is its own test binary, so it can install a counting global allocator without
//! disturbing any other test. Counts are kept per thread: the test harness runs tests on several
//! threads at once, and each test only looks at what its own thread allocated.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use sightline::fov::{Fov, multicast};
use sightline::geometry::Pos;
use sightline::map::{Map, generate};

struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
    static BYTES: Cell<u64> = const { Cell::new(0) };
}

fn record(bytes: usize) {
    // `try_with`: during thread teardown the counters may already be gone.
    let _ = ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
    let _ = BYTES.try_with(|c| c.set(c.get() + bytes as u64));
}

// SAFETY: every call is forwarded unchanged to the system allocator; the counters are plain
// thread-local cells that never allocate.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        record(layout.size());
        unsafe { System.alloc(layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        record(layout.size());
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        record(new_size.saturating_sub(layout.size()));
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// What `f` allocates on this thread: (number of allocations and reallocations, bytes gained).
fn counting(f: impl FnOnce()) -> (u64, u64) {
    let before = (ALLOCATIONS.with(Cell::get), BYTES.with(Cell::get));
    f();
    (ALLOCATIONS.with(Cell::get) - before.0, BYTES.with(Cell::get) - before.1)
}

/// Views of every kind on `map`: floor and wall viewers, edges and corners, every radius the
/// property tests use.
fn views(map: &Map) -> Vec<(Pos, Option<u32>)> {
    let (w, h) = (map.width() as i32, map.height() as i32);
    let mut viewers = vec![Pos::new(0, 0), Pos::new(w - 1, h - 1), Pos::new(w / 2, 0), Pos::new(0, h / 3)];
    viewers.extend(map.tiles.iter().filter(|(_, t)| !t.blocks_sight()).step_by(97).map(|(p, _)| p).take(12));
    viewers.extend(map.tiles.iter().filter(|(_, t)| t.blocks_sight()).step_by(89).map(|(p, _)| p).take(6));
    let radii = [Some(0), Some(1), Some(2), Some(5), Some(17), None];
    viewers.into_iter().flat_map(|v| radii.map(|r| (v, r))).collect()
}

#[test]
fn warm_calls_allocate_nothing_for_any_viewer_or_radius() {
    let maps = [
        generate::cave(80, 50, 3),
        generate::rooms(120, 90, 4),
        generate::noise(70, 60, 35, 5),
        generate::diagonal_lines(64, 48, 6),
        generate::pillars(61, 41, 3),
        generate::gaps(70, 45, 7),
        generate::maze(61, 45, 8),
    ];
    for map in &maps {
        let views = views(map);
        let mut fov = Fov::new(map.width(), map.height());
        // Warm-up: one pass over every view, so the buffers reach the largest size needed.
        let (warm_allocs, _) = counting(|| {
            for &(v, r) in &views {
                multicast::compute(v, r, map, &mut fov);
            }
        });
        for &(v, r) in &views {
            let (allocs, bytes) = counting(|| multicast::compute(v, r, map, &mut fov));
            assert_eq!(
                (allocs, bytes),
                (0, 0),
                "{}: view from {v} radius {r:?} allocated after warm-up ({warm_allocs} during it)",
                map.meta.name
            );
            assert!(fov.is_visible(v), "the view from {v} was really computed");
        }
        // A clone of a warm buffer is warm too (a cloned game state computes its view at once).
        let mut copy = fov.clone();
        for &(v, r) in &views {
            let (allocs, bytes) = counting(|| multicast::compute(v, r, map, &mut copy));
            assert_eq!((allocs, bytes), (0, 0), "{}: the clone allocated for {v} {r:?}", map.meta.name);
        }
    }
}

#[test]
fn working_memory_follows_the_radius_not_the_map() {
    // The same radius-8 view on a 41×41 map and on a 2000×2000 map whose middle is a copy of it:
    // the first call on a fresh buffer must cost no more on the big map, because nothing in the
    // working memory may depend on the map's size.
    let small = generate::noise(41, 41, 25, 11);
    let mut huge = generate::noise(2000, 2000, 20, 12);
    for (p, t) in small.tiles.iter() {
        huge.tiles[Pos::new(p.x + 980, p.y + 980)] = *t;
    }
    let first_call = |map: &Map, v: Pos| {
        let mut fov = Fov::new(map.width(), map.height());
        let cost = counting(|| multicast::compute(v, Some(8), map, &mut fov));
        (cost, fov.len())
    };
    let ((_, small_bytes), small_lit) = first_call(&small, Pos::new(20, 20));
    let ((huge_allocs, huge_bytes), huge_lit) = first_call(&huge, Pos::new(1000, 1000));
    assert_eq!(small_lit, huge_lit, "the two views are the same");
    assert!(
        huge_bytes <= small_bytes,
        "radius 8: {huge_bytes} bytes on 2000x2000 ({huge_allocs} allocations), {small_bytes} on 41x41"
    );
}

#[test]
fn warm_radius_8_calls_on_a_2000_square_map_allocate_nothing() {
    let huge = generate::noise(2000, 2000, 20, 13);
    let viewers = [Pos::new(1000, 1000), Pos::new(0, 0), Pos::new(1999, 3), Pos::new(700, 1500)];
    let viewers: Vec<Pos> =
        viewers.into_iter().chain((0..12).map(|k| Pos::new(97 * k + 5, 151 * k + 9))).collect();
    let mut fov = Fov::new(2000, 2000);
    for &v in &viewers {
        multicast::compute(v, Some(8), &huge, &mut fov);
    }
    for &v in &viewers {
        let (allocs, bytes) = counting(|| multicast::compute(v, Some(8), &huge, &mut fov));
        assert_eq!((allocs, bytes), (0, 0), "radius 8 from {v} on the warm 2000x2000 map");
    }
}

#[test]
fn a_larger_radius_grows_memory_with_the_view_only() {
    // From radius 8 to 64 in the middle of an open 2000×2000 room: the view grows to about 13 000
    // cells, the map has four million; the memory added must be of the order of the view.
    let room = generate::open_room(2000, 2000);
    let mut fov = Fov::new(2000, 2000);
    let centre = Pos::new(1000, 1000);
    multicast::compute(centre, Some(8), &room, &mut fov);
    let (_, bytes) = counting(|| multicast::compute(centre, Some(64), &room, &mut fov));
    let disc = fov.len() as u64;
    assert!(disc > 12_000 && disc < 14_000, "radius 64 lit {disc} cells");
    assert!(bytes <= 64 * disc, "growing from radius 8 to 64 took {bytes} bytes for a view of {disc} cells");
}
