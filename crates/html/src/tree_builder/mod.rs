//! §13.2.4 parse state and §13.2.6 tree construction.
