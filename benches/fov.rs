//! Field of view, side by side with the published Rust implementations.
//!
//! `cargo bench --bench fov` times, in one run:
//!
//! - `multicast` (sightline's) and `reference` (the slow oracle it is tested against);
//! - `symmetric-shadowcasting` 0.2 (Ford's algorithm with exact rationals: the same model),
//!   `adam_fov_rs` 0.5 (Milazzo's algorithm) and `shadowcast` 0.9 (recursive shadowcasting);
//!
//! on four maps from [`sightline::map::generate`] with fixed seeds (an 80×50 cave, 200×200 rooms
//! and corridors, a 1001×1001 open room, 1000×1000 with 5 % random walls), at radius 8, 20 and
//! unlimited, the viewer on the floor cell nearest the centre. The reference is skipped at
//! unlimited radius on the two 1000-cell maps, where one call takes far too long to sample.
//!
//! Then a maze, where views are smallest: a 513×513 maze of corridors one cell wide
//! ([`generate::maze`]), each iteration the next of 256 viewers on its floor, at unlimited
//! radius (radius hardly matters in a maze), so the time is that of an average view: the
//! multicast's fixed cost per view against the peers' (the reference is left out, its one
//! call at unlimited radius deciding every cell of the map).
//!
//! Then the open-room sweep: `multicast` and `adam_fov_rs` on the 1001×1001 room at radius 16 to
//! 500, with the number of cells each one lights as criterion's throughput, so the report shows
//! time per visible cell (flat means the cost is the cells seen, nothing else).
//!
//! Fairness: every implementation reads the same kind of world, a dense grid of opacity flags
//! built once outside the timed loop (`shadowcast` its own `u8` grid, as its API asks), and
//! writes into the same kind of output, a [`Fov`] buffer that clears only what it lit, so no one
//! pays for clearing a million cells. `symmetric-shadowcasting` has no radius: it is given one by
//! reporting cells beyond it as blocking. `shadowcast` is used as its API offers: its vision
//! distance only filters what it reports, its scan goes on to the walls or the map's edge, so on
//! the open room its radius-8 time is its whole-map time. Results land in `target/criterion/<group>/<algorithm>/`;
//! `cargo run --release --example fov_bench_table` prints them as a table.

use std::hint::black_box;
use std::time::Duration;

use criterion::{
    BenchmarkGroup, BenchmarkId, Criterion, Throughput, criterion_group, criterion_main,
    measurement::WallTime,
};
use sightline::fov::{Fov, multicast, reference};
use sightline::geometry::{Grid, Pos};
use sightline::map::{Map, generate};

/// One view to compute: a world and where the viewer stands.
struct Scene {
    name: &'static str,
    opaque: Grid<bool>,
    viewer: Pos,
    /// Whether the reference is sampled at unlimited radius here.
    reference_unlimited: bool,
}

impl Scene {
    fn new(name: &'static str, map: Map, reference_unlimited: bool) -> Scene {
        let centre = Pos::new(map.width() as i32 / 2, map.height() as i32 / 2);
        let viewer = generate::floor_near(&map, centre).expect("the map has floor");
        Scene { name, opaque: map.tiles.map(|t| t.blocks_sight()), viewer, reference_unlimited }
    }

    fn size(&self) -> (usize, usize) {
        (self.opaque.width(), self.opaque.height())
    }
}

/// Ford's symmetric shadowcasting. It scans until walls stop it; cells beyond the radius are
/// reported as blocking, which bounds the scan the way a radius does, and not marked when it
/// reports them visible.
fn ford(s: &Scene, radius: Option<u32>, out: &mut Fov) {
    out.reset(s.viewer, radius);
    let o = s.viewer;
    let r2 = radius.map_or(i64::MAX, |r| i64::from(r) * i64::from(r));
    let mut blocking = |(x, y): (isize, isize)| {
        let p = Pos::new(x as i32, y as i32);
        s.opaque.get(p).is_none_or(|&b| b) || o.dist2(p) > r2
    };
    let mut mark = |(x, y): (isize, isize)| {
        let p = Pos::new(x as i32, y as i32);
        if o.dist2(p) <= r2 {
            out.mark(p);
        }
    };
    symmetric_shadowcasting::compute_fov((o.x as isize, o.y as isize), &mut blocking, &mut mark);
}

/// Milazzo's algorithm. Its range is a Euclidean distance like ours; "unlimited" is a range that
/// covers the whole map.
fn adam(s: &Scene, radius: Option<u32>, out: &mut Fov) {
    out.reset(s.viewer, radius);
    let (w, h) = s.size();
    let range = radius.map_or(w + h, |r| r as usize);
    let index = |p: adam_fov_rs::IVec2| p.y as usize * w + p.x as usize;
    let cells = s.opaque.cells();
    adam_fov_rs::compute_fov(
        [s.viewer.x, s.viewer.y],
        range,
        [w as u32, h as u32],
        |p| cells[index(p)],
        |p| out.mark(Pos::new(p.x, p.y)),
    );
}

/// `shadowcast`'s input: its own grid of opacities (255 opaque, 0 clear), built once.
struct ShadowcastWorld {
    width: u32,
    height: u32,
    opacity: Vec<u8>,
}

impl shadowcast::InputGrid for ShadowcastWorld {
    type Grid = ShadowcastWorld;
    type Opacity = u8;
    fn size(&self, grid: &ShadowcastWorld) -> coord_2d::UCoord {
        coord_2d::UCoord::new(grid.width, grid.height)
    }
    fn get_opacity(&self, grid: &ShadowcastWorld, c: coord_2d::ICoord) -> u8 {
        grid.opacity[c.y as usize * grid.width as usize + c.x as usize]
    }
}

fn shadowcast_world(s: &Scene) -> ShadowcastWorld {
    let (w, h) = s.size();
    let opacity = s.opaque.cells().iter().map(|&b| if b { 255 } else { 0 }).collect();
    ShadowcastWorld { width: w as u32, height: h as u32, opacity }
}

fn gridbugs(
    s: &Scene,
    world: &ShadowcastWorld,
    ctx: &mut shadowcast::Context<u8>,
    radius: Option<u32>,
    out: &mut Fov,
) {
    out.reset(s.viewer, radius);
    let distance = shadowcast::vision_distance::Circle::new_squared(radius.map_or(u32::MAX, |r| r * r));
    let origin = coord_2d::ICoord::new(s.viewer.x, s.viewer.y);
    ctx.for_each_visible(origin, world, world, distance, 255, |c, _, _| out.mark(Pos::new(c.x, c.y)));
}

/// Guards against timing an adapter that does nothing: the peers follow slightly different models
/// of sight (and light walls differently), but each must light roughly as many cells as multicast.
fn sanity_check(
    s: &Scene,
    world: &ShadowcastWorld,
    ctx: &mut shadowcast::Context<u8>,
    radius: Option<u32>,
    out: &mut Fov,
) {
    multicast::compute(s.viewer, radius, &s.opaque, out);
    let ours = out.len() as f64;
    let check = |name: &str, lit: usize| {
        let ratio = lit as f64 / ours;
        assert!((0.5..2.0).contains(&ratio), "{name} lit {lit} cells, multicast {ours}, on {}", s.name);
    };
    adam(s, radius, out);
    check("adam_fov_rs", out.len());
    ford(s, radius, out);
    check("symmetric_shadowcasting", out.len());
    gridbugs(s, world, ctx, radius, out);
    check("shadowcast", out.len());
}

fn radius_label(radius: Option<u32>) -> String {
    radius.map_or("unlimited".to_string(), |r| format!("r{r}"))
}

fn configure(g: &mut BenchmarkGroup<'_, WallTime>) {
    g.sample_size(20).warm_up_time(Duration::from_millis(500)).measurement_time(Duration::from_secs(2));
}

fn side_by_side(c: &mut Criterion) {
    let scenes = [
        Scene::new("cave_80x50", generate::cave(80, 50, 1), true),
        Scene::new("rooms_200x200", generate::rooms(200, 200, 1), true),
        Scene::new("open_1001x1001", generate::open_room(1001, 1001), false),
        Scene::new("noise5_1000x1000", generate::noise(1000, 1000, 5, 1), false),
    ];
    for s in &scenes {
        let (w, h) = s.size();
        let world = shadowcast_world(s);
        let mut ctx = shadowcast::Context::default();
        let mut out = Fov::new(w, h);
        for radius in [Some(8), Some(20), None] {
            sanity_check(s, &world, &mut ctx, radius, &mut out);
            let mut g = c.benchmark_group(format!("{}_{}", s.name, radius_label(radius)));
            configure(&mut g);
            g.bench_function("multicast", |b| {
                b.iter(|| multicast::compute(s.viewer, radius, &s.opaque, black_box(&mut out)))
            });
            if radius.is_some() || s.reference_unlimited {
                g.bench_function("reference", |b| {
                    b.iter(|| reference::compute(s.viewer, radius, &s.opaque, black_box(&mut out)))
                });
            }
            g.bench_function("adam_fov_rs", |b| b.iter(|| adam(s, radius, black_box(&mut out))));
            g.bench_function("symmetric_shadowcasting", |b| b.iter(|| ford(s, radius, black_box(&mut out))));
            g.bench_function("shadowcast", |b| {
                b.iter(|| gridbugs(s, &world, &mut ctx, radius, black_box(&mut out)))
            });
            g.finish();
        }
    }
}

fn maze_views(c: &mut Criterion) {
    let map = generate::maze(513, 513, 1);
    let viewers = generate::spread_floors(&map, 256, 1);
    let mut s = Scene::new("maze_513x513", map, false);
    let world = shadowcast_world(&s);
    let mut ctx = shadowcast::Context::default();
    let mut out = Fov::new(513, 513);
    for &v in &viewers {
        s.viewer = v;
        sanity_check(&s, &world, &mut ctx, None, &mut out);
    }
    let mut g = c.benchmark_group("maze_513x513_unlimited");
    configure(&mut g);
    // Each iteration the next viewer: `at` hands them out in turn.
    let mut k = 0;
    let mut at = || {
        k = (k + 1) % viewers.len();
        viewers[k]
    };
    g.bench_function("multicast", |b| {
        b.iter(|| multicast::compute(at(), None, &s.opaque, black_box(&mut out)))
    });
    g.bench_function("adam_fov_rs", |b| {
        b.iter(|| {
            s.viewer = at();
            adam(&s, None, black_box(&mut out))
        })
    });
    g.bench_function("symmetric_shadowcasting", |b| {
        b.iter(|| {
            s.viewer = at();
            ford(&s, None, black_box(&mut out))
        })
    });
    g.bench_function("shadowcast", |b| {
        b.iter(|| {
            s.viewer = at();
            gridbugs(&s, &world, &mut ctx, None, black_box(&mut out))
        })
    });
    g.finish();
}

fn open_room_sweep(c: &mut Criterion) {
    let s = Scene::new("open_1001x1001", generate::open_room(1001, 1001), false);
    let mut out = Fov::new(1001, 1001);
    let mut g = c.benchmark_group("open_sweep");
    configure(&mut g);
    for r in [16, 32, 64, 125, 250, 500] {
        multicast::compute(s.viewer, Some(r), &s.opaque, &mut out);
        g.throughput(Throughput::Elements(out.len() as u64));
        g.bench_function(BenchmarkId::new("multicast", format!("r{r}")), |b| {
            b.iter(|| multicast::compute(s.viewer, Some(r), &s.opaque, black_box(&mut out)))
        });
        adam(&s, Some(r), &mut out);
        g.throughput(Throughput::Elements(out.len() as u64));
        g.bench_function(BenchmarkId::new("adam_fov_rs", format!("r{r}")), |b| {
            b.iter(|| adam(&s, Some(r), black_box(&mut out)))
        });
    }
    g.finish();
}

criterion_group!(benches, side_by_side, maze_views, open_room_sweep);
criterion_main!(benches);
