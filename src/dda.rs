//! DDA grid traversal (Amanatides & Woo): the cells a segment crosses, line of sight and
//! projectile paths.
