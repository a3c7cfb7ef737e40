"""Prints the HTML that make-fixtures.sh converts to base-passwd.docx.

Every sentence comes from Debian's base-passwd documentation
(/usr/share/doc/base-passwd/users-and-groups.txt.gz) and the table from
/usr/share/base-passwd/passwd.master; only the markup (headings, list, table, bold,
italic) is added here.
"""
import gzip
import html
import re

with gzip.open("/usr/share/doc/base-passwd/users-and-groups.txt.gz", "rt") as f:
    lines = f.read().split("\n")


def paragraphs(start, stop):
    """Paragraphs (joined lines) between two marker lines."""
    out, cur = [], []
    i = lines.index(start) + 1
    while lines[i] != stop:
        s = lines[i].strip()
        if s and not s.startswith("__"):
            cur.append(s)
        elif cur:
            out.append(" ".join(cur))
            cur = []
        i += 1
    if cur:
        out.append(" ".join(cur))
    return out


def entries():
    """(name, first paragraph) of each user or group in chapter 2."""
    out, name, cur = [], None, []
    start = lines.index("Chapter 2. Users and Groups")
    for line in lines[start + 1 :]:
        m = re.match(r"^   (\S[^ ].*)$", line)
        if m and not line.startswith("    "):
            if name and cur:
                out.append((name, " ".join(cur)))
            name, cur = m.group(1), []
        elif name and line.strip():
            cur.append(line.strip())
        elif name and cur:
            out.append((name, " ".join(cur)))
            name, cur = None, []
    return out


def emphasise(text):
    text = html.escape(text)
    text = text.replace("base-passwd package", "<strong>base-passwd</strong> package", 1)
    text = text.replace("update-passwd", "<strong>update-passwd</strong>", 1)
    text = text.replace("global static", "<em>global static</em>", 1)
    return text


intro = paragraphs("Chapter 1. Introduction", "Chapter 2. Users and Groups")
users = entries()
rows = [l.split(":") for l in open("/usr/share/base-passwd/passwd.master").read().split("\n") if l][:8]

print("<!DOCTYPE html><html><head><meta charset='utf-8'><title>Users and Groups in the Debian System</title></head><body>")
print("<h1>Users and Groups in the Debian System</h1>")
print("<p><em>Joey Hess, Colin Watson, David Mandelberg</em></p>")
print("<h2>Chapter 1. Introduction</h2>")
for p in intro:
    print(f"<p>{emphasise(p)}</p>")
print("<h2>Chapter 2. Users and Groups</h2>")
print(f"<p>{html.escape(paragraphs('Chapter 2. Users and Groups', '   root')[0])}</p>")
print("<ul>")
for name, text in users[:6]:
    first = re.split(r"(?<=\.) ", text)[0]
    print(f"<li><strong>{html.escape(name)}</strong>: {html.escape(first)}</li>")
print("</ul>")
print("<h3>The master passwd file</h3>")
print("<table border='1'><thead><tr><th>User</th><th>UID</th><th>GID</th><th>Home</th><th>Shell</th></tr></thead><tbody>")
for r in rows:
    cells = [r[0], r[2], r[3], r[5], r[6]]
    print("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in cells) + "</tr>")
print("</tbody></table>")
for name, text in users[6:9]:
    print(f"<h3>{html.escape(name)}</h3><p>{html.escape(text)}</p>")
print("</body></html>")
