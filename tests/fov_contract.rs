//! The visibility contract's named consequences, each on a small map drawn by hand, checked
//! against both FOV algorithms. The expected answers come from the geometry (worked out in the
//! comments), never from running the code.

use sightline::fov::{Algorithm, Fov};
use sightline::{Grid, Pos};

/// A map from rows of `#` (opaque) and anything else (transparent); `@` marks the viewer.
fn parse(rows: &[&str]) -> (Grid<bool>, Option<Pos>) {
    let (w, h) = (rows[0].len(), rows.len());
    let mut viewer = None;
    let mut cells = Vec::with_capacity(w * h);
    for (y, row) in rows.iter().enumerate() {
        assert_eq!(row.len(), w, "ragged test map");
        for (x, c) in row.chars().enumerate() {
            if c == '@' {
                viewer = Some(Pos::new(x as i32, y as i32));
            }
            cells.push(c == '#');
        }
    }
    (Grid::from_vec(w, h, cells).unwrap(), viewer)
}

fn fov(algo: Algorithm, grid: &Grid<bool>, at: Pos, radius: Option<u32>) -> Fov {
    let mut out = Fov::new(grid.width(), grid.height());
    algo.compute(at, radius, grid, &mut out);
    out
}

/// The view as rows of `1`/`0`, for readable failure messages.
fn mask(f: &Fov) -> Vec<String> {
    (0..f.height())
        .map(|y| {
            (0..f.width())
                .map(|x| if f.is_visible(Pos::new(x as i32, y as i32)) { '1' } else { '0' })
                .collect()
        })
        .collect()
}

#[test]
fn straight_walls_never_leak() {
    // A full horizontal wall: its diamonds and the seals between them cover the whole line
    // y = 3.5, so nothing below it can be seen from above; its own cells are all visible
    // (the open room above is convex).
    let (g, at) = parse(&[
        ".........", //
        "....@....",
        ".........",
        "#########",
        ".........",
        ".........",
    ]);
    for algo in Algorithm::ALL {
        let f = fov(algo, &g, at.unwrap(), None);
        for p in g.iter().map(|(p, _)| p) {
            assert_eq!(f.is_visible(p), p.y <= 3, "{algo:?} at {p}:\n{}", mask(&f).join("\n"));
        }
    }
}

/// Every floor cell of `g`.
fn floors(g: &Grid<bool>) -> Vec<Pos> {
    g.iter().filter(|&(_, &o)| !o).map(|(p, _)| p).collect()
}

#[test]
fn straight_vertical_wall_never_leaks_even_from_next_to_it() {
    // The viewer stands against a full vertical wall at x = 3: the diamonds and seals of that
    // column cover the whole line x = 3.5, so nothing right of it is visible.
    let (g, at) = parse(&[
        "...#...", //
        "...#...", "..@#...", "...#...", "...#...",
    ]);
    for algo in Algorithm::ALL {
        let f = fov(algo, &g, at.unwrap(), None);
        for p in g.iter().map(|(p, _)| p) {
            assert_eq!(f.is_visible(p), p.x <= 3, "{algo:?} at {p}:\n{}", mask(&f).join("\n"));
        }
    }
}

#[test]
fn symmetry_for_floor_pairs() {
    // The contract's line of sight is symmetric by construction; a row scan or a ray multicast
    // with an error margin is not. Every pair of floors on an irregular map must agree.
    let (g, _) = parse(&[
        "..#.......#..", //
        ".....#.......",
        "#...#...##...",
        "..#......#..#",
        "......#......",
        ".#.##....#...",
        "...#...#.....",
    ]);
    let cells = floors(&g);
    for algo in Algorithm::ALL {
        let views: Vec<Fov> = cells.iter().map(|&o| fov(algo, &g, o, None)).collect();
        for (a, fa) in cells.iter().zip(&views) {
            for (b, fb) in cells.iter().zip(&views) {
                assert_eq!(fa.is_visible(*b), fb.is_visible(*a), "{algo:?}: {a} -> {b} but not back");
            }
        }
    }
}

#[test]
fn expansive_walls_in_a_convex_room() {
    // Every wall of a convex room is visible from every floor inside it, corners included: a
    // ray to a wall's diamond only has to clear the neighbouring diamonds, which leave the
    // room's inner edge lit up to their vertices.
    let (g, _) = parse(&[
        "##########", //
        "#........#",
        "#........#",
        "#........#",
        "#........#",
        "##########",
    ]);
    for algo in Algorithm::ALL {
        for o in floors(&g) {
            let f = fov(algo, &g, o, None);
            let hidden: Vec<Pos> = g.iter().filter(|&(p, _)| !f.is_visible(p)).map(|(p, _)| p).collect();
            assert!(hidden.is_empty(), "{algo:?} from {o} misses {hidden:?}:\n{}", mask(&f).join("\n"));
        }
    }
}

#[test]
fn expanding_pillar_shadows() {
    // Viewer centre (2.5, 5.5), pillar (5, 5): its diamond's top and bottom vertices (5.5, 5)
    // and (5.5, 6) bound the open angle |slope| < 1/6. A floor (x, y) behind it is hidden iff
    // |y - 5| < (x - 2) / 6 strictly (on the bounding rays the segment only grazes a vertex, and
    // a lone pillar has no seals). So the shadow is 1 cell wide at x = 6..8, 3 cells at x = 9..14
    // and 5 cells at x = 15..20: it widens with distance.
    let mut rows = vec![".".repeat(21); 11];
    rows[5].replace_range(5..6, "#");
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let (g, _) = parse(&rows);
    let at = Pos::new(2, 5);
    let hidden = |p: Pos| p.x >= 6 && 6 * (p.y - 5).abs() < p.x - 2;
    for algo in Algorithm::ALL {
        let f = fov(algo, &g, at, None);
        for p in g.iter().map(|(p, _)| p) {
            assert_eq!(f.is_visible(p), !hidden(p), "{algo:?} at {p}:\n{}", mask(&f).join("\n"));
        }
        let widths: Vec<usize> = [6, 8, 9, 14, 15, 20]
            .iter()
            .map(|&x| (0..11).filter(|&y| hidden(Pos::new(x, y))).count())
            .collect();
        assert_eq!(widths, [1, 1, 3, 3, 5, 5]);
    }
}

#[test]
fn no_blind_corners() {
    // Two floors that touch, even only diagonally, always see each other: the segment between
    // their centres meets no diamond and no seal (it crosses the corner shared by four cells,
    // and corners are on no diamond). So walking round a corridor corner you always see the cell
    // you step into; here, from (2, 1), the first cell round the corner, (3, 2).
    let (g, _) = parse(&[
        "#####.#", //
        "#....##", "###.###", "###...#", "#####.#",
    ]);
    for algo in Algorithm::ALL {
        for o in floors(&g) {
            let f = fov(algo, &g, o, None);
            for n in o.neighbours8() {
                if g.get(n) == Some(&false) {
                    assert!(f.is_visible(n), "{algo:?}: {o} does not see its neighbour {n}");
                }
            }
        }
        assert!(fov(algo, &g, Pos::new(2, 1), None).is_visible(Pos::new(3, 2)));
        // (1, 1) -> (3, 2): the segment touches the top vertex (2.5, 2) of wall (2, 2), whose
        // neighbour above is floor, so there is no seal there: visible.
        assert!(fov(algo, &g, Pos::new(1, 1), None).is_visible(Pos::new(3, 2)));
    }
}

#[test]
fn diagonal_gaps_are_see_through() {
    // A wall drawn as a diagonal line of single cells (x + y = 6). From (1, 2) to (4, 5) the
    // segment (1.5, 2.5) -> (4.5, 5.5) crosses the line at the point (3, 4): the corner between
    // the walls (2, 4) and (3, 3), on neither diamond, and diagonal walls share no seal: seen.
    // To (5, 4) it crosses at (3.5, 3.5), the centre of wall (3, 3): hidden.
    let (g, _) = parse(&[
        "......#.", //
        ".....#..", "....#...", "...#....", "..#.....", ".#......", "#.......",
    ]);
    for algo in Algorithm::ALL {
        let f = fov(algo, &g, Pos::new(1, 2), None);
        assert!(f.is_visible(Pos::new(4, 5)), "{algo:?}:\n{}", mask(&f).join("\n"));
        assert!(!f.is_visible(Pos::new(5, 4)), "{algo:?}:\n{}", mask(&f).join("\n"));
    }
}

#[test]
fn hairline_rays_are_kept() {
    // Relative to the viewer (1, 1), in doubled coordinates: wall (3, 1) blocks the open angle
    // of slopes (-1/4, 1/4) (its vertices (4, -1) and (4, 1)); wall (7, 3) blocks slopes
    // (1/4, 5/12) (its top vertex (12, 3), bottom vertex (12, 5)). The single ray of slope 1/4
    // passes between them, touching only the vertices (4, 1) and (12, 3) (neither a seal), and
    // reaches the centre (16, 4) of cell (9, 3): that floor is visible by a zero-width ray, and
    // its neighbours above and below are in the two shadows.
    let (g, _) = parse(&[
        "............", //
        "...#........",
        "............",
        ".......#....",
        "............",
        "............",
    ]);
    for algo in Algorithm::ALL {
        let f = fov(algo, &g, Pos::new(1, 1), None);
        let m = mask(&f).join("\n");
        assert!(f.is_visible(Pos::new(9, 3)), "{algo:?}:\n{m}");
        assert!(!f.is_visible(Pos::new(9, 2)), "{algo:?}:\n{m}");
        assert!(!f.is_visible(Pos::new(9, 4)), "{algo:?}:\n{m}");
    }
    // The same hairline lights a wall standing there: it lies strictly inside that wall's angle.
    let (g, _) = parse(&[
        "............", //
        "...#........",
        "............",
        ".......#.#..",
        "............",
        "............",
    ]);
    for algo in Algorithm::ALL {
        assert!(fov(algo, &g, Pos::new(1, 1), None).is_visible(Pos::new(9, 3)), "{algo:?}");
    }
}

#[test]
fn radius_and_area_limits() {
    // Candidates are the cells with dx² + dy² <= R²; nothing outside the area is ever lit, and
    // a viewer outside it sees in only from right next to it.
    let g = Grid::new(9, 9, false);
    for algo in Algorithm::ALL {
        let f = fov(algo, &g, Pos::new(4, 4), Some(2));
        let expect: Vec<Pos> = g.iter().map(|(p, _)| p).filter(|p| p.dist2(Pos::new(4, 4)) <= 4).collect();
        let mut seen = f.cells().to_vec();
        seen.sort_by_key(|p| (p.y, p.x));
        assert_eq!(seen, expect, "{algo:?}");
        assert_eq!(fov(algo, &g, Pos::new(4, 4), Some(0)).cells(), &[Pos::new(4, 4)]);
        // two cells outside: the outside column x = -1 seals the area off
        assert!(fov(algo, &g, Pos::new(-2, 4), None).is_empty(), "{algo:?}");
        // one cell outside, level with the area: it sees straight in along its row
        let f = fov(algo, &g, Pos::new(-1, 4), None);
        assert!(f.is_visible(Pos::new(0, 4)) && f.is_visible(Pos::new(8, 4)), "{algo:?}");
        assert!(!f.is_visible(Pos::new(0, 0)), "{algo:?}");
        // the largest radius is as good as none, and far-away viewers are no trouble
        assert_eq!(fov(algo, &g, Pos::new(4, 4), Some(u32::MAX)).len(), 81, "{algo:?}");
        assert!(fov(algo, &g, Pos::new(i32::MIN, i32::MAX), Some(u32::MAX)).is_empty(), "{algo:?}");
    }
}

#[test]
fn fov_agrees_with_dda_line_of_sight_for_every_floor() {
    // Consistency: the player sees a floor cell iff the DDA sight check between the two cells
    // holds (contract rule 3). Two independent implementations of one definition, on maps of
    // every generated family, for viewers on floors and inside walls, with the radius too.
    use sightline::dda::line_of_sight;
    use sightline::map::generate;
    let maps = [
        generate::noise(31, 23, 30, 1),
        generate::noise(25, 25, 10, 2),
        generate::cave(40, 25, 3),
        generate::rooms(40, 30, 4),
        generate::pillars(29, 21, 3),
        generate::diagonal_lines(30, 30, 5),
        generate::gaps(30, 24, 6),
        generate::open_room(20, 15),
    ];
    let mut f = Fov::default();
    for map in &maps {
        f.resize(map.width(), map.height());
        let cells: Vec<Pos> = map.tiles.iter().map(|(p, _)| p).collect();
        for o in cells.iter().copied().step_by(7) {
            for radius in [None, Some(9)] {
                sightline::fov::multicast::compute(o, radius, map, &mut f);
                for &p in &cells {
                    if map.blocks_sight(p) || p == o || !sightline::fov::in_radius(o, p, radius) {
                        continue;
                    }
                    assert_eq!(
                        f.is_visible(p),
                        line_of_sight(o, p, map),
                        "{}: viewer {o} radius {radius:?}, floor {p}",
                        map.meta.name
                    );
                }
            }
        }
    }
}

/// A world as a trait object (chosen at run time, say) goes everywhere a world goes, and gets
/// the answers the same world gets as itself: its own row look-ups are the ones called.
#[test]
fn a_world_as_a_trait_object_is_seen_as_itself() {
    use sightline::dda::{self, projectile};
    use sightline::geometry::Opacity;
    let (grid, at) =
        parse(&["##########", "#....#...#", "#.@..#.#.#", "#...##...#", "#.#......#", "##########"]);
    let at = at.unwrap();
    let boxed: Box<dyn Opacity> = Box::new(grid.clone());
    let world: &dyn Opacity = boxed.as_ref();
    for algo in Algorithm::ALL {
        for radius in [None, Some(3)] {
            let mut out = Fov::new(grid.width(), grid.height());
            algo.compute(at, radius, world, &mut out);
            assert_eq!(mask(&out), mask(&fov(algo, &grid, at, radius)), "{algo:?} {radius:?}");
        }
    }
    for to in floors(&grid) {
        assert_eq!(dda::line_of_sight(at, to, world), dda::line_of_sight(at, to, &grid), "{to}");
        assert_eq!(dda::first_blocker(at, to, world), dda::first_blocker(at, to, &grid), "{to}");
        assert_eq!(projectile(at, to, 9, world, |_| false), projectile(at, to, 9, &grid, |_| false));
    }
}
