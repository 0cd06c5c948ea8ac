//! The side panel: the player's state, the turn and seed, what is in view, and what the look or
//! aiming cursor is on.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget};

use super::look::describe;
use super::map::Shown;
use super::wrap::{wrap, wrap_all};
use crate::game::GameState;
use crate::game::Monster;
use crate::game::item::{FloorItem, counted};
use crate::game::state::article;
use crate::geometry::Pos;
use crate::map::{ItemKind, MonsterKind};
use crate::ui::targeting::first_hit;
use crate::ui::theme::Theme;

/// The cursor the panel reports on.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Cursor {
    /// No cursor: the panel shows the player and what is in view only.
    None,
    /// Look mode: describe the cell.
    Look(Pos),
    /// Targeting: describe the cell and say what the arrow will meet first.
    Aim(Pos),
}

/// Draws the panel: the player's state, what is in view (each monster, nearest first, then the
/// items, a line a kind and a place counting every one there), what lies here,
/// and with a cursor the description of the cell under it (and when aiming, what the arrow will
/// hit first).
///
/// `shown` is the part of the map the map view draws, around the player
/// ([`super::map::view_origin`]). An entry of the in-view list off screen ends with an arrow
/// pointing the way it lies (" a: archer ↑"), and one of items the map does not draw, under a
/// creature, says where they are (" |: 2 arrows (under the orc)"): nothing is listed that the
/// player cannot find.
///
/// The panel is short (nine rows at the smallest terminal), so its parts are fitted by rows,
/// most needed first: the cursor's description is what the player acts on, so it is always
/// drawn whole (as far as the panel goes); then the player's state, line by line from the top;
/// then what lies here; then the blank lines between the parts; what is in view takes the rows
/// left, and when they are too few for every monster and item it ends with "… and N more".
pub fn render(game: &GameState, cursor: Cursor, shown: Shown, area: Rect, buf: &mut Buffer, theme: &Theme) {
    let block = Block::bordered().border_style(theme.border);
    let inner = block.inner(area);
    block.render(area, buf);
    let width = usize::from(inner.width);
    let p = &game.player;
    // (in i64: the panel draws whatever state it is given, and must not overflow on any)
    let (hp, max) = (i64::from(p.hp), i64::from(p.max_hp).max(1));
    let hp_style = if hp * 3 <= max { theme.bad } else { theme.good };
    let bar_width = 10;
    let filled = bar_filled(hp, max, bar_width) as usize;
    let stats = wrap_all(
        &[
            Line::from(vec![
                Span::styled(format!("HP {:>2}/{:<2} ", p.hp.max(0), p.max_hp), hp_style),
                Span::styled("#".repeat(filled), hp_style),
                Span::styled("-".repeat(bar_width as usize - filled), theme.faint),
            ]),
            Line::styled(format!("Turn {}   Seed {}", game.turn, game.seed), theme.text),
            Line::styled(format!("Position {}", p.pos), theme.text),
            Line::styled(format!("Arrows {}   Potions {}", p.arrows, p.potions), theme.text),
            Line::styled(format!("Gold {}   Kills {}", p.gold, p.kills), theme.text),
        ],
        width,
    );
    let monsters = game.visible_monsters();
    let items = game.visible_items();
    let mut seen: Vec<Line> = Vec::new();
    for m in &monsters {
        let health = match m.hp * 3 {
            h if h >= 2 * m.stats().max_hp => "",
            h if h >= m.stats().max_hp => " (hurt)",
            _ => " (badly hurt)",
        };
        let what = format!("{}{health}", m.name());
        seen.push(legend(m.kind.glyph(), theme.monster(m.kind), what, shown.direction(m.pos), theme));
    }
    for (kind, n, place, way) in item_groups(game, &items, &monsters, shown) {
        let what = match place {
            Some(place) => format!("{} ({place})", counted(kind, n)),
            None => counted(kind, n),
        };
        seen.push(legend(kind.glyph(), theme.item_visible(kind), what, way, theme));
    }
    let here = game.items_here(p.pos).or_else(|| {
        let tile = game.map.tile(p.pos);
        (tile != crate::map::Tile::Floor).then(|| tile.name().to_string())
    });
    let here =
        here.map_or_else(Vec::new, |h| wrap(&Line::styled(format!("Here: {h}"), theme.text), width, 2));
    let aim = match cursor {
        Cursor::None => Vec::new(),
        Cursor::Look(c) => wrap_all(
            &[Line::styled(format!("Look {c}:"), theme.title), Line::styled(describe(game, c), theme.text)],
            width,
        ),
        Cursor::Aim(c) => wrap_all(
            &[
                Line::styled(format!("Aim at {c}:"), theme.title),
                Line::styled(describe(game, c), theme.text),
                Line::styled(first_hit(game, c), theme.bad),
            ],
            width,
        ),
    };

    // Rows handed out by need (see above).
    let mut room = usize::from(inner.height);
    let aim_rows = take(&mut room, aim.len());
    let stats_rows = take(&mut room, stats.len());
    let here_rows = if here.len() <= room { take(&mut room, here.len()) } else { 0 };
    let gap_before_here = here_rows > 0 && take(&mut room, 1) == 1;
    let gap_before_aim = aim_rows > 0 && take(&mut room, 1) == 1;
    // The in-view part: its heading and a row at least, or it is left out.
    let gap_before_seen = room >= 3 && take(&mut room, 1) == 1;
    let seen_rows = if room >= 2 { take(&mut room, usize::MAX) } else { 0 };

    let mut lines: Vec<Line> = stats.into_iter().take(stats_rows).collect();
    if seen_rows > 0 {
        if gap_before_seen {
            lines.push(Line::default());
        }
        lines.push(Line::styled("In view:", theme.title));
        lines.extend(in_view(seen, seen_rows - 1, width, theme));
    }
    if here_rows > 0 {
        if gap_before_here {
            lines.push(Line::default());
        }
        lines.extend(here);
    }
    if aim_rows > 0 {
        if gap_before_aim {
            lines.push(Line::default());
        }
        lines.extend(aim.into_iter().take(aim_rows));
    }
    Paragraph::new(lines).render(inner, buf);
}

/// What hides a pile in view from the map: the map draws one thing a cell, the player, else a
/// monster, else the first item lying there.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Hidden {
    /// Nothing: the pile's own glyph is drawn on its cell.
    No,
    /// The player stands on it.
    ByPlayer,
    /// A monster of this kind stands on it.
    ByMonster(MonsterKind),
    /// An item of this other kind is drawn on its cell.
    ByItem(ItemKind),
}

/// The items in view (`items`, nearest first) as the In view list counts them, in groups of
/// piles: each group's kind, how many, where they are when the map does not draw them there
/// ("under the orc", "here": see [`Hidden`]), and which way they lie when off screen. Piles
/// are grouped by kind and by where they are, so each group can be found where its entry says:
/// those drawn on screen together, those off screen a group a direction, those under a creature
/// a group a kind of creature (with a direction too, when off screen). The groups come in the
/// order of their nearest pile. (A kind was once one entry marked the way its nearest pile
/// lay, or not at all when one was on screen: "9 arrows ↑" with a bundle 45 rows up and another
/// 45 rows down; and a pile under a creature counted as drawn, though only the creature was.)
fn item_groups(
    game: &GameState,
    items: &[&FloorItem],
    monsters: &[&Monster],
    shown: Shown,
) -> Vec<(ItemKind, u64, Option<String>, Option<&'static str>)> {
    // (kind, count, what hides them, the way they lie, their cells: under monsters, one a monster)
    type Group = (ItemKind, u64, Hidden, Option<&'static str>, Vec<Pos>);
    let mut groups: Vec<Group> = Vec::new();
    for item in items {
        let hidden = if item.pos == game.player.pos {
            Hidden::ByPlayer
        } else if let Some(m) = monsters.iter().find(|m| m.pos == item.pos) {
            Hidden::ByMonster(m.kind)
        } else {
            match game.item_at(item.pos) {
                Some(drawn) if drawn.kind != item.kind => Hidden::ByItem(drawn.kind),
                _ => Hidden::No,
            }
        };
        let way = shown.direction(item.pos);
        let amount = u64::from(item.amount);
        match groups.iter_mut().find(|g| (g.0, g.2, g.3) == (item.kind, hidden, way)) {
            Some((_, n, _, _, cells)) => {
                *n = n.saturating_add(amount);
                if !cells.contains(&item.pos) {
                    cells.push(item.pos);
                }
            }
            None => groups.push((item.kind, amount, hidden, way, vec![item.pos])),
        }
    }
    let place = |hidden: Hidden, cells: &[Pos]| match hidden {
        Hidden::No => None,
        Hidden::ByPlayer => Some("here".to_string()),
        Hidden::ByMonster(kind) => {
            let name = kind.name();
            Some(match cells.len() {
                // (the one of its kind in view, or one of several)
                1 if monsters.iter().filter(|m| m.kind == kind).count() == 1 => format!("under the {name}"),
                1 => format!("under {} {name}", article(name)),
                n => format!("under {n} {name}s"),
            })
        }
        Hidden::ByItem(kind) => Some(format!(
            "with the {}",
            match kind {
                ItemKind::Potion => "potion",
                ItemKind::Arrows => "arrows",
                ItemKind::Gold => "gold",
            }
        )),
    };
    groups.into_iter().map(|(kind, n, hidden, way, cells)| (kind, n, place(hidden, &cells), way)).collect()
}

/// An entry of the in-view list: the glyph as the map draws it, then a colon, then what it is
/// (" g: goblin", " |: 3 arrows"), the way a legend reads and Brogue's sidebar lists what is in
/// view. (The glyph was once followed by the name alone, which read as an article: " a archer".)
/// An entry off screen ends with the arrow `off` (" a: archer ↑").
fn legend(glyph: char, style: Style, what: String, off: Option<&str>, theme: &Theme) -> Line<'static> {
    let mut spans = vec![
        Span::styled(" ", theme.text),
        Span::styled(glyph.to_string(), style),
        Span::styled(": ", theme.text),
        Span::styled(what, theme.text),
    ];
    if let Some(arrow) = off {
        spans.push(Span::styled(format!(" {arrow}"), theme.title));
    }
    Line::from(spans)
}

/// How many of a `width`-cell health bar are filled at `hp` of `max` (`max` ≥ 1): the nearest
/// whole number of cells, but full only at full health and empty only at none, so a bar that
/// looks full means full health and a living player always has a cell. (The bar once rounded
/// up: 22 of 24 drew a full bar.)
fn bar_filled(hp: i64, max: i64, width: i64) -> i64 {
    let hp = hp.clamp(0, max);
    if hp == max {
        return width;
    }
    if hp == 0 {
        return 0;
    }
    // (hp < max ≤ i32::MAX: no overflow in i64)
    ((2 * hp * width + max) / (2 * max)).clamp(1, width - 1)
}

/// `want` rows, or as many as `room` has left, taken from it.
fn take(room: &mut usize, want: usize) -> usize {
    let got = want.min(*room);
    *room -= got;
    got
}

/// The in-view list in at most `rows` rows (`rows` ≥ 1), `width` wide: every entry if they fit,
/// else as many as fit above a last row "… and N more" counting the rest.
fn in_view(entries: Vec<Line<'_>>, rows: usize, width: usize, theme: &Theme) -> Vec<Line<'static>> {
    if entries.is_empty() {
        return vec![Line::styled(" nothing of note", theme.faint)];
    }
    // (an entry too long for a row wraps under its name, past " g: ")
    let wrapped: Vec<Vec<Line<'static>>> = entries.iter().map(|e| wrap(e, width, 4)).collect();
    if wrapped.iter().map(Vec::len).sum::<usize>() <= rows {
        return wrapped.into_iter().flatten().collect();
    }
    let mut out = Vec::new();
    let mut shown = 0;
    for entry in &wrapped {
        if out.len() + entry.len() + 1 > rows {
            break;
        }
        out.extend(entry.iter().cloned());
        shown += 1;
    }
    let rest = wrapped.len() - shown;
    let more = if shown == 0 { format!(" … {rest} things") } else { format!(" … and {rest} more") };
    out.push(Line::styled(more, theme.faint));
    out
}
