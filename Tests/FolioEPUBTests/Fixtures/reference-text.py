#!/usr/bin/env python3
"""The lossless tests' reference: the text nodes of an EPUB's spine
documents, extracted independently of FolioEPUB with Python's zipfile and
html.parser. Prints JSON {archive path: [text node, ...]} for the paths
given after the book. Text inside head, script, style, template, title and
desc is left out, as is text in elements the book's CSS hides with
display: none (rules outside @media whose selectors are tag, .class,
tag.class, #id, joined by descendant or child combinators).
Run: python3 reference-text.py BOOK.epub PATH...
"""
import html.parser
import json
import posixpath
import re
import sys
import zipfile

SKIP = {"head", "script", "style", "template", "title", "desc"}
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param",
        "source", "track", "wbr"}


def local(name):
    return name.split(":")[-1]


def css_rules(book, path, seen=None, depth=0):
    """(compound selectors) lists whose rule sets display: none."""
    seen = seen if seen is not None else set()
    if path in seen or depth > 4 or path not in book.namelist():
        return []
    seen.add(path)
    css = re.sub(r"/\*.*?\*/", "", book.read(path).decode("utf-8", "replace"), flags=re.S)
    rules = []
    for m in re.finditer(r"@import\s+(?:url\()?[\"']?([^\"')\s;]+)", css):
        rules += css_rules(book, posixpath.normpath(posixpath.join(posixpath.dirname(path), m.group(1))), seen, depth + 1)
    # Drop at-rule blocks (@media …{ … { … } … }) by brace depth.
    flat, level, i = [], 0, 0
    while i < len(css):
        if css[i] == "@" and level == 0:
            j = css.find("{", i)
            k = css.find(";", i)
            if j < 0 or (0 <= k < j):
                i = (k + 1) if k >= 0 else len(css)
                continue
            d, i = 0, j
            while i < len(css):
                d += css[i] == "{"
                d -= css[i] == "}"
                i += 1
                if d == 0:
                    break
            continue
        flat.append(css[i])
        i += 1
    for m in re.finditer(r"([^{}]+)\{([^}]*)\}", "".join(flat)):
        decls = {}
        for d in m.group(2).split(";"):
            if ":" in d:
                k, v = d.split(":", 1)
                decls[k.strip().lower()] = v.split("!")[0].strip().lower()
        if decls.get("display") != "none":
            continue
        for sel in m.group(1).split(","):
            parts = [p for p in re.split(r"[\s>]+", sel.strip()) if p]
            if parts and all(re.fullmatch(r"[\w-]*(?:[.#][\w-]+)*", p) for p in parts):
                rules.append([compound(p) for p in parts])
    return rules


def compound(text):
    tag = re.match(r"[\w-]*", text).group(0).lower() or None
    return (tag, re.findall(r"#([\w-]+)", text), re.findall(r"\.([\w-]+)", text))


def matches(c, el):
    tag, ids, classes = c
    return (tag is None or tag == el[0]) and all(i == el[1] for i in ids) and all(k in el[2] for k in classes)


def hidden(rules, stack):
    for rule in rules:
        if not matches(rule[-1], stack[-1]):
            continue
        a = len(stack) - 2
        ok = True
        for c in reversed(rule[:-1]):
            while a >= 0 and not matches(c, stack[a]):
                a -= 1
            if a < 0:
                ok = False
                break
            a -= 1
        if ok:
            return True
    return False


class Texts(html.parser.HTMLParser):
    def __init__(self, rules):
        super().__init__(convert_charrefs=True)
        self.rules, self.stack, self.texts = rules, [], []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        name = local(tag)
        style = (a.get("style") or "").replace(" ", "").lower()
        el = (name, a.get("id"), (a.get("class") or "").split(),
              "hidden" in a or "display:none" in style)
        if name in VOID:
            return
        self.stack.append(el)
        self.stack[-1] = el + (el[3] or hidden(self.rules, self.stack),)

    def handle_startendtag(self, tag, attrs):
        pass

    def handle_endtag(self, tag):
        name = local(tag)
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i][0] == name:
                del self.stack[i:]
                return

    def handle_data(self, data):
        if any(e[0] in SKIP or e[4] for e in self.stack):
            return
        if not any(e[0] == "body" for e in self.stack) and any(e[0] == "html" for e in self.stack):
            return
        self.texts.append(data)


def main():
    book = zipfile.ZipFile(sys.argv[1])
    out = {}
    for path in sys.argv[2:]:
        source = book.read(path).decode("utf-8", "replace")
        base = posixpath.dirname(path)
        rules = []
        for m in re.finditer(r"<link\b[^>]*>", source, flags=re.I):
            tag = m.group(0)
            if re.search(r"rel\s*=\s*[\"'][^\"']*stylesheet", tag, flags=re.I):
                href = re.search(r"href\s*=\s*[\"']([^\"']+)", tag, flags=re.I)
                if href:
                    rules += css_rules(book, posixpath.normpath(posixpath.join(base, href.group(1))))
        parser = Texts(rules)
        parser.feed(source)
        parser.close()
        out[path] = parser.texts
    json.dump(out, sys.stdout)


main()
