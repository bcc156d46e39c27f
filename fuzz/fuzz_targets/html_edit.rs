#![no_main]
//! The editing API (`append_child`, `insert_before`, `remove`, `replace_with`,
//! `set_attribute`, `remove_attribute`, node creation) against a naive model. Input: one flags
//! byte (bit 0: declarative shadow roots), a document up to the first 0xFF byte, then edit
//! operations on nodes picked from all of the document's nodes (detached ones, template
//! contents and shadow roots included; without a 0xFF the input also serves as operations).
//!
//! The model is a `Vec` of children per node, built from the parsed document, with the rules
//! `dom/edit.rs` documents implemented again on it: DOM "ensure pre-insertion validity" and
//! "replace a child" (parent kind, host-including cycles through template contents and shadow
//! roots, reference child not a child, uninsertable node, text in a document, doctype outside a
//! document, and a document's single element, single doctype and doctype-before-element order,
//! fragments included), "inserting a node before itself leaves it where it is", `replace_with`
//! of a parentless node or by itself doing nothing, attribute names checked (empty, ASCII
//! whitespace, `/ > = " ' <`, NUL) and lowercased on HTML elements, an existing no-namespace
//! attribute replaced in place, else appended. Checks after every operation: the result (value
//! or exact error) agrees with the model's, and every node's parent / first child / last child
//! / previous / next sibling and kind equal the model's, the touched element's attributes
//! (namespace, name, value, in order) too. At the end: every element's attributes agree, the
//! document's walk terminates and enters exactly the nodes the model reaches (children, then
//! template contents) in the same order and depth, and `to_html()` does not panic.
use libfuzzer_sys::fuzz_target;
use websyntax::html::dom::{
    Attr, AttrNamespace, Doctype, Element, HierarchyRequestError as E, Namespace, NodeKind,
    WalkEvent,
};
use websyntax::html::{Document, NodeId, ParseOptions, parse_document};

/// The mirror of the document's tree.
struct Model {
    ids: Vec<NodeId>,
    kind: Vec<NodeKind>,
    parent: Vec<Option<usize>>,
    children: Vec<Vec<usize>>,
    /// Template contents -> template, shadow root -> host.
    host: Vec<Option<usize>>,
    /// Template -> its contents.
    contents: Vec<Option<usize>>,
    /// Elements: whether in the HTML namespace.
    html: Vec<bool>,
    attrs: Vec<Vec<(AttrNamespace, String, String)>>,
}

impl Model {
    fn new(doc: &Document) -> Model {
        let n = doc.len();
        let mut m = Model {
            ids: doc.node_ids().collect(),
            kind: Vec::with_capacity(n),
            parent: Vec::with_capacity(n),
            children: Vec::with_capacity(n),
            host: vec![None; n],
            contents: vec![None; n],
            html: Vec::with_capacity(n),
            attrs: Vec::with_capacity(n),
        };
        for (i, &id) in m.ids.iter().enumerate() {
            assert_eq!(id.index(), i);
            m.kind.push(doc.kind(id));
            m.parent.push(doc.parent(id).map(NodeId::index));
            m.children
                .push(doc.children(id).map(NodeId::index).collect());
            m.html.push(doc.namespace(id) == Some(Namespace::Html));
            m.attrs.push(read_attrs(doc, id));
        }
        for i in 0..n {
            if let Some(f) = doc.template_contents(m.ids[i]) {
                m.contents[i] = Some(f.index());
                // A declarative shadow root's template has the shadow root as its contents
                // (HTML sets "template contents" to it); the root's host-including parent is
                // still its host, registered below.
                if m.kind[f.index()] == NodeKind::Fragment {
                    m.host[f.index()] = Some(i);
                }
            }
            if m.kind[i] == NodeKind::Element
                && let Some(r) = doc.shadow_root(m.ids[i])
            {
                m.host[r.index()] = Some(i);
            }
        }
        m
    }

    /// Registers a node just created in `doc` (and a template's new contents fragment, which
    /// may have been created first).
    fn created(&mut self, doc: &Document, id: NodeId) {
        let old = self.ids.len();
        let is_template = doc.kind(id) == NodeKind::Element
            && doc.namespace(id) == Some(Namespace::Html)
            && doc.local_name(id) == Some("template");
        let contents = doc.template_contents(id);
        assert_eq!(is_template, contents.is_some(), "template contents of {id}");
        assert_eq!(
            doc.len(),
            old + 1 + usize::from(is_template),
            "nodes created"
        );
        for new in doc.node_ids().skip(old) {
            assert_eq!(new.index(), self.ids.len());
            assert!(
                new == id || Some(new) == contents,
                "unexpected new node {new}"
            );
            self.ids.push(new);
            self.kind.push(doc.kind(new));
            self.parent.push(doc.parent(new).map(NodeId::index));
            self.children.push(Vec::new());
            self.host.push(None);
            self.contents.push(None);
            self.html.push(doc.namespace(new) == Some(Namespace::Html));
            self.attrs.push(read_attrs(doc, new));
        }
        assert_eq!(self.parent[id.index()], None, "a new node has a parent");
        if let Some(f) = contents {
            assert_eq!(self.kind[f.index()], NodeKind::Fragment);
            assert_eq!(self.parent[f.index()], None);
            self.host[f.index()] = Some(id.index());
            self.contents[id.index()] = Some(f.index());
        }
    }

    fn detach(&mut self, n: usize) {
        if let Some(p) = self.parent[n].take() {
            self.children[p].retain(|&c| c != n);
        }
    }

    /// Whether `node` is a host-including inclusive ancestor of `of`.
    fn host_including_ancestor(&self, node: usize, of: usize) -> bool {
        let mut cur = Some(of);
        let mut steps = 0;
        while let Some(c) = cur {
            if c == node {
                return true;
            }
            steps += 1;
            assert!(steps <= self.ids.len(), "cycle in the model");
            cur = self.parent[c].or(self.host[c]);
        }
        false
    }

    /// DOM "ensure pre-insertion validity" (and, with `replacing`, "replace a child" steps
    /// 1-6), in the documented order.
    fn validity(
        &self,
        node: usize,
        parent: usize,
        child: Option<usize>,
        replacing: bool,
    ) -> Result<(), E> {
        use NodeKind as K;
        let pk = self.kind[parent];
        if !matches!(pk, K::Document | K::Fragment | K::Element | K::ShadowRoot) {
            return Err(E::ParentCannotHaveChildren);
        }
        if self.host_including_ancestor(node, parent) {
            return Err(E::WouldCreateCycle);
        }
        if let Some(c) = child
            && self.parent[c] != Some(parent)
        {
            return Err(E::NotAChild);
        }
        let nk = self.kind[node];
        if matches!(nk, K::Document | K::ShadowRoot) {
            return Err(E::CannotInsertNode);
        }
        if nk == K::Text && pk == K::Document {
            return Err(E::TextInDocument);
        }
        if nk == K::Doctype && pk != K::Document {
            return Err(E::DoctypeOutsideDocument);
        }
        if pk != K::Document {
            return Ok(());
        }
        let kids = &self.children[parent];
        let not_child = |k: usize| !(replacing && Some(k) == child);
        let pos = child.map(|c| kids.iter().position(|&k| k == c).expect("child of parent"));
        let doctype_following =
            pos.is_some_and(|p| kids[p + 1..].iter().any(|&k| self.kind[k] == K::Doctype));
        let element_preceding =
            pos.is_some_and(|p| kids[..p].iter().any(|&k| self.kind[k] == K::Element));
        let element_ok = || {
            if kids
                .iter()
                .any(|&k| self.kind[k] == K::Element && not_child(k))
            {
                Err(E::SecondDocumentElement)
            } else if (!replacing && child.is_some_and(|c| self.kind[c] == K::Doctype))
                || doctype_following
            {
                Err(E::ElementBeforeDoctype)
            } else {
                Ok(())
            }
        };
        match nk {
            K::Fragment => {
                let sub = &self.children[node];
                let elements = sub.iter().filter(|&&k| self.kind[k] == K::Element).count();
                if elements > 1 || sub.iter().any(|&k| self.kind[k] == K::Text) {
                    Err(E::InvalidFragmentForDocument)
                } else if elements == 1 {
                    element_ok()
                } else {
                    Ok(())
                }
            }
            K::Element => element_ok(),
            K::Doctype => {
                if kids
                    .iter()
                    .any(|&k| self.kind[k] == K::Doctype && not_child(k))
                {
                    Err(E::SecondDoctype)
                } else if element_preceding
                    || (child.is_none() && kids.iter().any(|&k| self.kind[k] == K::Element))
                {
                    Err(E::DoctypeAfterElement)
                } else {
                    Ok(())
                }
            }
            _ => Ok(()),
        }
    }

    /// Inserts a checked node (a fragment's children) before `child` or at the end.
    fn insert(&mut self, node: usize, parent: usize, child: Option<usize>) {
        let moved = if self.kind[node] == NodeKind::Fragment {
            let moved = std::mem::take(&mut self.children[node]);
            for &m in &moved {
                self.parent[m] = None;
            }
            moved
        } else {
            vec![node]
        };
        for n in moved {
            self.detach(n);
            let at = match child {
                Some(c) => self.children[parent]
                    .iter()
                    .position(|&k| k == c)
                    .expect("reference child"),
                None => self.children[parent].len(),
            };
            self.children[parent].insert(at, n);
            self.parent[n] = Some(parent);
        }
    }

    fn append_child(&mut self, parent: usize, node: usize) -> Result<(), E> {
        self.validity(node, parent, None, false)?;
        self.insert(node, parent, None);
        Ok(())
    }

    fn insert_before(&mut self, parent: usize, node: usize, child: Option<usize>) -> Result<(), E> {
        self.validity(node, parent, child, false)?;
        let child = if child == Some(node) {
            self.next_sibling(node)
        } else {
            child
        };
        self.insert(node, parent, child);
        Ok(())
    }

    fn replace_with(&mut self, node: usize, replacement: usize) -> Result<(), E> {
        let Some(parent) = self.parent[node] else {
            return Ok(());
        };
        if node == replacement {
            return Ok(());
        }
        self.validity(replacement, parent, Some(node), true)?;
        let mut next = self.next_sibling(node);
        if next == Some(replacement) {
            next = self.next_sibling(replacement);
        }
        self.detach(node);
        self.insert(replacement, parent, next);
        Ok(())
    }

    fn attr_name(&self, el: usize, name: &str) -> Result<String, E> {
        if self.kind[el] != NodeKind::Element {
            return Err(E::NotAnElement);
        }
        if name.is_empty() || name.chars().any(|c| "\t\n\x0c\r /<>=\"'\0".contains(c)) {
            return Err(E::InvalidAttributeName);
        }
        Ok(if self.html[el] {
            name.to_ascii_lowercase()
        } else {
            name.to_owned()
        })
    }

    fn set_attribute(&mut self, el: usize, name: &str, value: &str) -> Result<(), E> {
        let name = self.attr_name(el, name)?;
        let attrs = &mut self.attrs[el];
        match attrs
            .iter_mut()
            .find(|(ns, n, _)| *ns == AttrNamespace::None && *n == name)
        {
            Some(a) => a.2 = value.to_owned(),
            None => attrs.push((AttrNamespace::None, name, value.to_owned())),
        }
        Ok(())
    }

    fn remove_attribute(&mut self, el: usize, name: &str) -> Result<bool, E> {
        let name = self.attr_name(el, name)?;
        let attrs = &mut self.attrs[el];
        match attrs
            .iter()
            .position(|(ns, n, _)| *ns == AttrNamespace::None && *n == name)
        {
            Some(i) => {
                attrs.remove(i);
                Ok(true)
            }
            None => Ok(false),
        }
    }

    fn sibling(&self, n: usize, delta: isize) -> Option<usize> {
        let p = self.parent[n]?;
        let kids = &self.children[p];
        let i = kids.iter().position(|&k| k == n).expect("child") as isize + delta;
        usize::try_from(i).ok().and_then(|i| kids.get(i).copied())
    }

    fn next_sibling(&self, n: usize) -> Option<usize> {
        self.sibling(n, 1)
    }

    /// Every node's links and kind in `doc` equal the model's.
    fn check_links(&self, doc: &Document) {
        assert_eq!(doc.len(), self.ids.len());
        let id = |i: Option<usize>| i.map(|i| self.ids[i]);
        let mut prev = vec![None; self.ids.len()];
        let mut next = vec![None; self.ids.len()];
        for kids in &self.children {
            for w in kids.windows(2) {
                next[w[0]] = Some(w[1]);
                prev[w[1]] = Some(w[0]);
            }
        }
        for (i, &n) in self.ids.iter().enumerate() {
            assert_eq!(doc.kind(n), self.kind[i], "kind of {n}");
            assert_eq!(doc.parent(n), id(self.parent[i]), "parent of {n}");
            assert_eq!(
                doc.first_child(n),
                id(self.children[i].first().copied()),
                "first child of {n}"
            );
            assert_eq!(
                doc.last_child(n),
                id(self.children[i].last().copied()),
                "last child of {n}"
            );
            assert_eq!(doc.next_sibling(n), id(next[i]), "next sibling of {n}");
            assert_eq!(doc.prev_sibling(n), id(prev[i]), "previous sibling of {n}");
        }
    }

    fn check_attrs(&self, doc: &Document, i: usize) {
        assert_eq!(
            read_attrs(doc, self.ids[i]),
            self.attrs[i],
            "attributes of {i}"
        );
    }

    /// The walk's events as the model sees them: a node, its children, then (for a template)
    /// its contents' children.
    fn walk(&self, n: usize, depth: usize, out: &mut Vec<WalkEvent>) {
        out.push(WalkEvent::Enter(self.ids[n], depth));
        for &c in &self.children[n] {
            self.walk(c, depth + 1, out);
        }
        if let Some(f) = self.contents[n] {
            for &c in &self.children[f] {
                self.walk(c, depth + 1, out);
            }
        }
        out.push(WalkEvent::Exit(self.ids[n], depth));
    }
}

fn read_attrs(doc: &Document, id: NodeId) -> Vec<(AttrNamespace, String, String)> {
    doc.attrs(id)
        .map(|a| (a.namespace(), a.name().to_owned(), a.value().to_owned()))
        .collect()
}

/// The operation bytes.
struct Ops<'a>(&'a [u8]);

impl Ops<'_> {
    fn byte(&mut self) -> Option<u8> {
        let (&b, rest) = self.0.split_first()?;
        self.0 = rest;
        Some(b)
    }

    /// A node index below `n` (one byte, two when there are more than 256 nodes).
    fn node(&mut self, n: usize) -> Option<usize> {
        let mut v = usize::from(self.byte()?);
        if n > 256 {
            v |= usize::from(self.byte()?) << 8;
        }
        Some(v % n)
    }
}

const ATTR_NAMES: &[&str] = &[
    "id",
    "class",
    "href",
    "HREF",
    "Class",
    "data-x",
    "viewBox",
    "xlink:href",
    "a b",
    "",
    "x=y",
    "é",
    "<",
    "x/",
    "\0",
    "\t",
    "style",
    "ID",
];
const ATTR_VALUES: &[&str] = &["", "x", "a&b", "\"'<>", "é\0", "1 2", "&amp;"];
const ELEMENT_NAMES: &[&str] = &[
    "p", "div", "template", "TEMPLATE", "table", "svg", "span", "a", "br", "tr", "Template",
];

/// Creates a node of a kind chosen by `b` in `doc`.
fn create(doc: &mut Document, b: u8) -> NodeId {
    let name = ELEMENT_NAMES[usize::from(b >> 3) % ELEMENT_NAMES.len()];
    match b % 8 {
        0 => doc.create_html_element(name),
        1 => doc.create_text(ATTR_VALUES[usize::from(b >> 3) % ATTR_VALUES.len()]),
        2 => doc.create_comment("c"),
        3 => doc.create_doctype(Doctype {
            name: "html".into(),
            ..Doctype::default()
        }),
        4 => doc.create_fragment(),
        5 => doc.create_element(Element::new(
            Namespace::Html,
            name,
            vec![Attr::new("Class", "k"), Attr::new("id", "i")],
        )),
        6 => doc.create_element(Element::new(
            Namespace::Svg,
            if b & 8 == 0 { "foreignObject" } else { "svg" },
            vec![Attr::new("viewBox", "0 0 1 1")],
        )),
        _ => doc.create_element(Element::new(Namespace::MathMl, "mi", Vec::new())),
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&flags, rest)) = data.split_first() else {
        return;
    };
    let (source, ops) = match rest.iter().position(|&b| b == 0xFF) {
        Some(i) => (&rest[..i], &rest[i + 1..]),
        None => (rest, rest),
    };
    let input = String::from_utf8_lossy(source);
    let opts = ParseOptions {
        allow_declarative_shadow_roots: flags & 1 == 1,
        ..ParseOptions::default()
    };
    let mut doc = parse_document(&input, opts);
    let mut m = Model::new(&doc);
    m.check_links(&doc);
    let mut ops = Ops(ops);
    let mut last_created: Option<usize> = None;
    let mut other = Document::new();
    for _ in 0..256 {
        let Some(op) = ops.byte() else { break };
        let n = m.ids.len();
        let ids = m.ids.clone();
        let id = |i: usize| ids[i];
        match op % 12 {
            0 => {
                let (Some(p), Some(c)) = (ops.node(n), ops.node(n)) else {
                    break;
                };
                let got = doc.append_child(id(p), id(c));
                assert_eq!(got, m.append_child(p, c).map(|()| id(c)), "append_child");
            }
            1 | 2 => {
                let (Some(p), Some(c)) = (ops.node(n), ops.node(n)) else {
                    break;
                };
                let before = if op % 12 == 1 {
                    let Some(r) = ops.node(n) else { break };
                    Some(r)
                } else {
                    // The k-th child of the parent, or none.
                    let Some(k) = ops.byte() else { break };
                    m.children[p].get(usize::from(k)).copied()
                };
                let got = doc.insert_before(id(p), id(c), before.map(id));
                let want = m.insert_before(p, c, before).map(|()| id(c));
                assert_eq!(got, want, "insert_before");
            }
            3 => {
                let Some(c) = ops.node(n) else { break };
                assert_eq!(doc.remove(id(c)), Ok(()), "remove");
                m.detach(c);
            }
            4 | 11 => {
                let Some(a) = ops.node(n) else { break };
                let b = if op % 12 == 4 {
                    let Some(b) = ops.node(n) else { break };
                    b
                } else {
                    let Some(b) = last_created else { continue };
                    b
                };
                let got = doc.replace_with(id(a), id(b));
                assert_eq!(got, m.replace_with(a, b), "replace_with");
            }
            5 | 6 => {
                let (Some(e), Some(k)) = (ops.node(n), ops.byte()) else {
                    break;
                };
                let name = ATTR_NAMES[usize::from(k) % ATTR_NAMES.len()];
                if op % 12 == 5 {
                    let value = ATTR_VALUES[usize::from(k >> 4) % ATTR_VALUES.len()];
                    let got = doc.set_attribute(id(e), name, value);
                    assert_eq!(got, m.set_attribute(e, name, value), "set_attribute");
                } else {
                    let got = doc.remove_attribute(id(e), name);
                    assert_eq!(got, m.remove_attribute(e, name), "remove_attribute");
                }
                m.check_attrs(&doc, e);
            }
            7 => {
                let Some(b) = ops.byte() else { break };
                let new = create(&mut doc, b);
                m.created(&doc, new);
                last_created = Some(new.index());
            }
            8 | 10 => {
                // Insert the last created node under / before a picked node (often valid).
                let Some(x) = ops.node(n) else { break };
                let Some(c) = last_created else { continue };
                if op % 12 == 8 {
                    let got = doc.append_child(id(x), id(c));
                    assert_eq!(got, m.append_child(x, c).map(|()| id(c)), "append_child");
                } else if let Some(p) = m.parent[x] {
                    let got = doc.insert_before(id(p), id(c), Some(id(x)));
                    let want = m.insert_before(p, c, Some(x)).map(|()| id(c));
                    assert_eq!(got, want, "insert_before");
                }
            }
            _ => {
                // A node id of another, bigger document.
                let Some(x) = ops.node(n) else { break };
                let mut u = other.root();
                while u.index() < doc.len() {
                    u = other.create_comment("");
                }
                let want = Err(E::UnknownNode(u));
                assert_eq!(doc.append_child(id(x), u), want);
                assert_eq!(doc.append_child(u, id(x)), want);
                assert_eq!(doc.insert_before(id(x), id(x), Some(u)), want);
                assert_eq!(doc.remove(u), Err(E::UnknownNode(u)));
                assert_eq!(doc.replace_with(u, id(x)), Err(E::UnknownNode(u)));
                assert_eq!(doc.replace_with(id(x), u), Err(E::UnknownNode(u)));
                assert_eq!(doc.set_attribute(u, "a", ""), Err(E::UnknownNode(u)));
                assert_eq!(doc.remove_attribute(u, "a"), Err(E::UnknownNode(u)));
            }
        }
        m.check_links(&doc);
    }
    for i in 0..m.ids.len() {
        m.check_attrs(&doc, i);
    }
    // The walk terminates and enters what the model reaches.
    let mut want = Vec::new();
    m.walk(0, 0, &mut want);
    let got: Vec<WalkEvent> = doc.walk(doc.root()).take(2 * doc.len() + 2).collect();
    assert_eq!(got, want, "walk");
    assert!(doc.descendants(doc.root()).take(doc.len() + 1).count() <= doc.len());
    let _ = doc.to_html();
});
