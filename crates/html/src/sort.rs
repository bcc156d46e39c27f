//! A stable sort for cold paths (configuration, diagnostics, selector compilation).
//!
//! `slice::sort_by` compiles its whole merge sort (5–8 KB of WebAssembly) again for every
//! element type and comparison closure. [`sort_by_cold`] sorts the positions instead, with one
//! compiled sort for all of its callers, then moves the elements into that order: the same
//! result as `sort_by` (stable), for a little more work, on lists that are short or rare.

use std::cmp::Ordering;

/// Sorts `v` stably by `cmp`, exactly as `v.sort_by(cmp)` does.
pub fn sort_by_cold<T>(v: &mut Vec<T>, mut cmp: impl FnMut(&T, &T) -> Ordering) {
    if v.len() < 2 {
        return;
    }
    let order = sorted_positions(v.len(), &mut |a, b| cmp(&v[a], &v[b]));
    let mut slots: Vec<Option<T>> = v.drain(..).map(Some).collect();
    v.extend(order.into_iter().filter_map(|i| slots[i].take()));
}

/// `0..n` sorted stably by `cmp`: the one instance of the sort.
#[inline(never)]
fn sorted_positions(n: usize, cmp: &mut dyn FnMut(usize, usize) -> Ordering) -> Vec<usize> {
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| cmp(a, b));
    order
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stable_like_sort_by() {
        let mut v: Vec<(u8, usize)> = [3u8, 1, 3, 0, 1, 2, 3, 0]
            .iter()
            .copied()
            .zip(0..)
            .collect();
        let mut want = v.clone();
        want.sort_by_key(|p| p.0);
        sort_by_cold(&mut v, |a, b| a.0.cmp(&b.0));
        assert_eq!(v, want);
        let mut one = vec![String::from("x")];
        sort_by_cold(&mut one, |a, b| a.cmp(b));
        assert_eq!(one, ["x"]);
    }
}
