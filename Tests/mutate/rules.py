"""The rules `make mutate-sample` makes mutants by, over Swift source: each finds the places
a rule applies in a file and returns one mutant for each, a small change of the kind a
real mistake makes. Strings and comments are never changed: the rules read a copy of the
file with them blanked out, and change the real text at the same places."""
import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Mutant:
    path: str
    rule: str
    start: int  # the first line replaced, 0-based
    end: int  # one past the last
    replacement: tuple  # the new lines

    def key(self, lines):
        """Names the mutant by its text, not its line number, which moves: the lines it
        changes and what it puts there, stripped. The equivalents file uses this."""
        before = " ⏎ ".join(line.strip() for line in lines[self.start:self.end])
        after = " ⏎ ".join(line.strip() for line in self.replacement) or "(deleted)"
        return f"{self.path}: {before} => {after}"

    def diff(self, lines):
        out = [f"--- {self.path}:{self.start + 1} ({self.rule})"]
        out += [f"-{line}" for line in lines[self.start:self.end]]
        out += [f"+{line}" for line in self.replacement]
        return "\n".join(out)


def blanked(text):
    """`text` with every comment replaced by spaces and every string literal's content by
    underscores (a string stays one operand), line breaks kept: the code alone, at the
    same offsets."""
    out = list(text)
    i, n = 0, len(text)
    while i < n:
        if text.startswith("//", i):
            while i < n and text[i] != "\n":
                out[i] = " "
                i += 1
        elif text.startswith("/*", i):
            depth = 0
            while i < n:
                if text.startswith("/*", i):
                    depth += 1
                elif text.startswith("*/", i):
                    depth -= 1
                    if depth == 0:
                        out[i] = out[i + 1] = " "
                        i += 2
                        break
                if text[i] != "\n":
                    out[i] = " "
                i += 1
        elif text[i] == '"' or (text[i] == "#" and re.match(r'#+"', text[i:])):
            hashes = len(re.match(r"#*", text[i:]).group())
            i += hashes
            triple = text.startswith('"""', i)
            quote = '"""' if triple else '"'
            close = quote + "#" * hashes
            i += len(quote)
            while i < n and not text.startswith(close, i):
                if text[i] == "\\" and hashes == 0:
                    out[i] = "_"
                    i += 1
                if i < n and text[i] != "\n":
                    out[i] = "_"
                i += 1
            i += len(close)
        else:
            i += 1
    return "".join(out)


NEGATED = {"<": ">=", ">=": "<", ">": "<=", "<=": ">", "==": "!=", "!=": "=="}
KEYWORD_START = re.compile(
    r"^(if|guard|return|let|var|case|default|for|while|repeat|switch|func|init|deinit|throw|defer|"
    r"import|struct|class|enum|extension|protocol|public|private|fileprivate|internal|static|"
    r"@|#|else|do|catch|break|continue|fallthrough|super|self\.init|precondition|fatalError|assert)\b")


def balanced_end(code, start):
    """The end of the operand that starts at `start`: up to a space, comma or closing
    bracket outside any bracket opened in it."""
    depth, i = 0, start
    while i < len(code):
        char = code[i]
        if char in "([{":
            depth += 1
        elif char in ")]}":
            if depth == 0:
                break
            depth -= 1
        elif depth == 0 and char in " ,":
            break
        i += 1
    return i


def one_line(path, number, new_line, rule):
    return Mutant(path, rule, number, number + 1, (new_line,))


def mutants(path, text):
    """Every mutant of one file, in the order of its lines."""
    lines = text.split("\n")
    code_lines = blanked(text).split("\n")
    found = []
    for number, (line, code) in enumerate(zip(lines, code_lines)):
        stripped = code.strip()
        if not stripped or stripped.startswith(("import ", "#if", "#else", "#endif", "@available")):
            continue
        # Flip a comparison.
        for match in re.finditer(r"(?<= )(<=|>=|==|!=|<|>)(?= )", code):
            operator = match.group(1)
            new = line[:match.start()] + NEGATED[operator] + line[match.end():]
            found.append(one_line(path, number, new, "flip a comparison"))
        # && and ||.
        for match in re.finditer(r"(?<= )(&&|\|\|)(?= )", code):
            new = line[:match.start()] + ("||" if match.group(1) == "&&" else "&&") + line[match.end():]
            found.append(one_line(path, number, new, "&& <-> ||"))
        # An integer one more or one less.
        for match in re.finditer(r"(?<![\w.])(0x[0-9A-Fa-f_]+|\d[\d_]*)(?![\w])(?!\.\d)", code):
            literal = match.group(1)
            value = int(literal.replace("_", ""), 16 if literal.startswith("0x") else 10)
            for changed in (value + 1, value - 1):
                if changed < 0:
                    continue
                digits = len(literal) - 2
                written = f"0x{changed:0{digits}X}" if literal.startswith("0x") else str(changed)
                new = line[:match.start()] + written + line[match.end():]
                found.append(one_line(path, number, new, "an integer +/- 1"))
        # min and max swapped.
        for match in re.finditer(r"\b(min|max)(?=\()", code):
            new = line[:match.start()] + ("max" if match.group(1) == "min" else "min") + line[match.end():]
            found.append(one_line(path, number, new, "min <-> max"))
        # A union or a + term dropped.
        for match in re.finditer(r"\.union\(", code):
            end = balanced_end(code, match.end())
            if end < len(code) and code[end] == ")":
                new = line[:match.start()] + line[end + 1:]
                found.append(one_line(path, number, new, "drop a union or + term"))
        for match in re.finditer(r" \+ ", code):
            end = balanced_end(code, match.end())
            if end > match.end():
                new = line[:match.start()] + line[end:]
                found.append(one_line(path, number, new, "drop a union or + term"))
        # A call statement, or an `x += y`, deleted.
        if is_call_statement(stripped, code_lines, number):
            found.append(Mutant(path, "delete a call statement", number, number + 1, ()))
        # Return early: at the top of a function's body.
        early = early_return(stripped)
        if early is not None:
            indent = re.match(r"\s*", line).group() + "    "
            found.append(Mutant(path, "return early", number + 1, number + 1, (indent + early,)))
        # A case of a switch dropped: one pattern of several, or the whole case.
        found += dropped_cases(path, lines, code_lines, number)
    return found


def is_call_statement(stripped, code_lines, number):
    if KEYWORD_START.match(stripped) or stripped.endswith(("{", "(", ",", "[", "in")):
        return False
    following = next((code.strip() for code in code_lines[number + 1:] if code.strip()), "")
    if following.startswith((".", "{", "?", ":")):
        return False
    previous = next((code.strip() for code in reversed(code_lines[:number]) if code.strip()), "")
    if previous.endswith(("=", "(", ",", "[", "+", "&&", "||", "?", ":")) or previous.startswith("."):
        return False
    if stripped.count("(") != stripped.count(")") or stripped.count("[") != stripped.count("]"):
        return False
    if re.match(r"^[A-Za-z_][\w.]*\s*\+=\s", stripped):
        return True
    call = r"^(try\s+|await\s+|try\s+await\s+|_\s*=\s*)?[A-Za-z_][\w]*(\??\.[A-Za-z_]\w*|\[[^\]]*\])*\(.*\)$"
    return re.match(call, stripped) is not None and " = " not in stripped.replace("_ = ", "", 1)


def early_return(stripped):
    """The statement that returns at once from the function `stripped` opens, or None when
    it opens none (or one we cannot return from without a value we do not know)."""
    match = re.match(r"^(?:(?:public|private|fileprivate|internal|static|mutating|override|final|"
                     r"nonisolated|@\w+(?:\([^)]*\))?)\s+)*func\s+\w+.*\)\s*(?:async\s+)?(?:throws(?:\(\w+\))?\s+)?"
                     r"(?:->\s*(.+?)\s*)?\{$", stripped)
    if not match:
        return None
    result = match.group(1)
    if result is None or result == "Void":
        # The semicolon ends the statement: a bare `return` takes the next line as its
        # value, and a Void function's `return` then runs the body's first call anyway.
        return "return;"
    if result.startswith("[") and result.endswith("]"):
        return "return [:]" if ":" in result else "return []"
    if result.endswith("?"):
        return "return nil"
    return {"Bool": "return false", "Int": "return 0", "String": 'return ""', "Double": "return 0"}.get(result)


def dropped_cases(path, lines, code_lines, number):
    """A switch's case (its patterns end at a colon outside brackets; an enum's case has
    none): each of its patterns dropped when it has several, and the whole case."""
    code = code_lines[number]
    match = re.match(r"^(\s*)case\s", code)
    if not match:
        return []
    indent = match.group(1)
    top = strip_brackets(code)
    colon = top.find(":", match.end())
    if colon < 0:
        return []
    found = []
    patterns = split_top_level(code[match.end():colon])
    if len(patterns) > 1 and " where " not in code[match.end():colon]:
        line = lines[number]
        # The patterns at their places in the real line (the same offsets as the code's).
        spans, offset = [], match.end()
        for pattern in patterns:
            spans.append((offset, offset + len(pattern)))
            offset += len(pattern) + 1
        for index in range(len(patterns)):
            kept = [line[a:b].strip() for i, (a, b) in enumerate(spans) if i != index]
            new = line[:match.end()] + ", ".join(kept) + line[colon:]
            found.append(Mutant(path, "drop a case of a switch", number, number + 1, (new,)))
    # The whole case: its line and its body, up to the next case, default or the end.
    end = number + 1
    while end < len(lines):
        following = code_lines[end]
        if following.strip() and len(following) - len(following.lstrip()) <= len(indent):
            break
        end += 1
    found.append(Mutant(path, "drop a case of a switch", number, end, ()))
    return found


def strip_brackets(text):
    """`text` with everything inside brackets blanked: the top level alone."""
    out, depth = [], 0
    for char in text:
        if char in "([{":
            depth += 1
        elif char in ")]}":
            depth -= 1
            out.append(" ")
            continue
        out.append(char if depth == 0 else " ")
    return "".join(out)


def split_top_level(text):
    parts, depth, current = [], 0, ""
    for char in text:
        if char in "([{":
            depth += 1
        elif char in ")]}":
            depth -= 1
        if char == "," and depth == 0:
            parts.append(current)
            current = ""
        else:
            current += char
    parts.append(current)
    return [part for part in parts if part.strip()]
