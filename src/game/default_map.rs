//! The map the game starts on when none is given, embedded in the binary so it runs from any
//! directory.
