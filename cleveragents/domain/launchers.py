"""The launchers a git config program may start with, and the tree paths each finds what it
runs in (`config_programs.program_reach` reads a value with them).

git runs a textconv, a filter, a credential helper or a `!` alias with the tree's top as
its working folder, so a launcher that looks in its working folder for what it runs makes
those places of the tree run on the host: Python's `-m`/`-c` (the working folder first on
`sys.path`), `npx` (`node_modules/.bin`), `uv run` (the project's venv, the project built),
`bundle exec` (the Gemfile). Each row names the places, relative to the working folder, as
patterns whose `*` stands for one name.
"""

from __future__ import annotations

import re

# Where Python finds a module in one folder of `sys.path`: its top-level modules, compiled
# or not, their caches, and a package's `__init__` (a folder holding one is a package,
# whole: `config_programs.PACKAGE`).
PYTHON_ROOT = ("*.py", "*.pyc", "*.so", "__pycache__", "*/__init__.*")
# Where node finds a module or a `.bin` program, and what tells it how.
NODE_ROOT = (
    "node_modules", "package.json", ".npmrc", ".yarnrc", ".yarnrc.yml", ".yarn",
    ".pnp.cjs", ".pnp.loader.mjs",
)  # fmt: skip
# A Python project runner's venv and project files; it builds the project (`setup.py`, a
# build hook) into the venv before it runs the command.
PROJECT_ROOT = (
    ".venv", "venv", "pyproject.toml", "setup.py", "setup.cfg", "uv.lock", "uv.toml",
    "poetry.lock", "poetry.toml", "Pipfile", "Pipfile.lock", "pdm.lock", "pdm.toml",
    ".pdm-python", ".python-version", "hatch.toml", ".env", "__pypackages__",
    *PYTHON_ROOT,
)  # fmt: skip
RUBY_ROOT = ("Gemfile", "Gemfile.lock", "gems.rb", "gems.locked", ".bundle", "vendor", "*.gemspec")

# Launchers that run the command after them (and their own word, when two words), finding
# it in these places of the working folder.
RUNNERS: dict[str, tuple[str, ...]] = {
    "npx": NODE_ROOT, "bunx": NODE_ROOT, "pnpx": NODE_ROOT,
    "npm exec": NODE_ROOT, "pnpm exec": NODE_ROOT, "pnpm dlx": NODE_ROOT,
    "yarn exec": NODE_ROOT, "yarn dlx": NODE_ROOT, "bun x": NODE_ROOT,
    "uv run": PROJECT_ROOT, "poetry run": PROJECT_ROOT, "pipenv run": PROJECT_ROOT,
    "pdm run": PROJECT_ROOT, "hatch run": PROJECT_ROOT, "rye run": PROJECT_ROOT,
    "uvx": PROJECT_ROOT, "pipx run": PROJECT_ROOT,
    "bundle exec": RUBY_ROOT,
}  # fmt: skip
# Programs that run the command after them as it is: their options, and how many words
# those options take (`timeout` takes a duration first, `env` assignments).
WRAPPERS: dict[str, dict[str, int]] = {
    "exec": {"-a": 1, "-c": 0, "-l": 0},
    "command": {"-p": 0},
    "builtin": {},
    "nohup": {},
    "time": {"-p": 0},
    "nice": {"-n": 1},
    "env": {"-i": 0, "-u": 1, "-0": 0, "-C": -1, "--chdir": -1, "-S": -1, "--split-string": -1},
    "timeout": {"-s": 1, "-k": 1, "--preserve-status": 0, "--foreground": 0, "-v": 0},
    "stdbuf": {"-i": 1, "-o": 1, "-e": 1},
    "ionice": {"-c": 1, "-n": 1, "-t": 0},
    "setsid": {"-w": 0, "-f": 0},
    "busybox": {},  # `busybox sh -c CODE`: the applet after it, read as that program
}
WRAPPER_WORDS = {"timeout": 1}  # words (a duration) before the command


def wrapped(name: str, rest: list[str]) -> list[str] | None:
    """The command the wrapper `name` runs (`env A=1 rm x`: `rm x`; `timeout -s 9 5 rm x`:
    `rm x`), its options and words skipped; None when an option is not in the table or makes
    a command line of its own (`env -S 'a b'`): what runs cannot be told."""
    options = WRAPPERS[name]
    while rest and (rest[0].startswith("-") or (name == "env" and "=" in rest[0])):
        if rest[0] == "--":
            rest = rest[1:]
            break
        if not rest[0].startswith("-"):  # `env A=1`: an assignment
            rest = rest[1:]
            continue
        option, equals, _ = rest[0].partition("=")
        taken = options.get(option, 0 if equals else None)
        if taken is None or taken < 0:
            return None
        rest = rest[1 + (0 if equals else taken) :]
    return rest[WRAPPER_WORDS.get(name, 0) :]


# Programs that run what a whole file of the working folder says, which agents cannot read
# ahead: `make` (a Makefile and what it includes), package scripts (`npm run`, `yarn NAME`).
# Project runners too: they build and run what the working folder's project says (`cargo
# run` a build.rs, `./gradlew` build.gradle, `java -cp .` any class, `direnv exec` .envrc).
OPAQUE = frozenset((
    "make", "gmake", "just", "rake", "task", "ninja", "cmake", "scons", "invoke", "nox",
    "tox", "npm", "yarn", "pnpm", "bun", "deno", "gradle", "mvn", "ant", "eval", "xargs",
    "find", "parallel", "watch", "su", "sudo", "doas", "flock", "script",
    "cargo", "go", "nix", "nix-shell", "nix-build", "nix-develop", "direnv", "dotnet",
    "mix", "swift", "stack", "cabal", "lein", "sbt", "bazel", "bazelisk", "composer",
    "java", "gradlew", "mvnw", "runghc", "runhaskell", "pip", "pip3", "uv", "poetry",
    "pipenv", "pdm", "hatch", "rye", "bundle", "corepack", "ts-node", "tsx", "pytest",
    "py.test", "pre-commit", "lefthook", "sphinx-build", "mkdocs", "lint-staged", "jest",
    "vitest", "mocha", "ava", "karma", "nyc", "c8", "cypress", "playwright", "webpack",
    "vite", "rollup", "phpunit", "pest", "rspec", "cucumber", "ctest", "nosetests", "ward",
    "hypothesis", "coverage", "jupyter", "ipython", "sphinx-apidoc", "doit", "waf", "meson",
    "turbo", "nx", "lerna", "husky", "grunt", "gulp", "buck", "pants",
))  # fmt: skip
# Programs known to load nothing of the tree but the files their words name (each word
# taken as a file it may run, as any program's): the shell's builtins, file and text tools,
# git, and hook tools whose config is data only (`CHECKERS`: pre-commit-hooks' file checks,
# black, ruff, isort, codespell, shellcheck ...), by program name or pre-commit hook id.
# Under a hook (`config_programs.script_reach(..., hook=True)`), any other program run by
# its bare name (found on PATH) or from a tools folder (`node_modules/.bin`, `npx X`,
# `.venv/bin`) is one agents cannot read: it may load a config or build the project by its
# own convention (markdownlint-cli2's `.markdownlint-cli2.cjs`, cspell's `cspell.config.js`,
# sqlfluff's templater, check-manifest's `setup.py`): the whole tree, unless the user vouched
# for it (`agents hooks vouch`, `domain/vouches.py`): then its words are data, as a checker's.
INERT = frozenset((
    ":", "true", "false", "echo", "printf", "exit", "return", "set", "unset", "shift", "trap",
    "wait", "read", "getopts", "let", "ulimit", "umask", "type", "hash", "alias", "unalias",
    "kill", "break", "continue", "times", "pwd", "popd", "dirs", "shopt", "jobs", "fg", "bg",
    "disown", "caller", "cat", "head", "tail", "wc", "sort", "uniq", "cut", "tr", "tee", "ls",
    "mkdir", "rmdir", "rm", "cp", "mv", "ln", "touch", "chmod", "chown", "date", "sleep",
    "basename", "dirname", "realpath", "readlink", "stat", "du", "df", "diff", "cmp", "comm",
    "paste", "join", "fold", "fmt", "nl", "od", "xxd", "hexdump", "base64", "sha1sum",
    "sha256sum", "sha512sum", "md5sum", "cksum", "mktemp", "printenv", "id", "whoami",
    "uname", "hostname", "tput", "stty", "tty", "logger", "seq", "yes", "expr", "tac", "rev",
    "column", "split", "file", "which", "grep", "egrep", "fgrep", "rg", "sed", "iconv",
    "dos2unix", "unix2dos", "tar", "gzip", "gunzip", "zip", "unzip", "xz", "bzip2", "zstd",
    "curl", "wget", "jq", "yq", "less", "more", "sync", "install", "nproc", "getconf", "sum",
    "git", "git-lfs", "gpg", "ssh", "ssh-keygen", "notify-send", "terminal-notifier", "say",
))  # fmt: skip
# Of those, the shell's builtins whose words name no file at all (`exit 0`, `sleep 2`,
# `kill %1`): a status, a count, a time, a job.
WORDLESS = frozenset((
    ":", "true", "false", "exit", "return", "shift", "break", "continue", "wait", "kill",
    "sleep", "umask", "ulimit", "times", "jobs", "fg", "bg", "disown", "shopt",
))  # fmt: skip
# Of those, the hook tools that read their words as data (the files they check or format),
# never as code: none of their words is a file they run.
CHECKERS = frozenset((
    "black", "blackd", "black-jupyter", "ruff", "ruff-check", "ruff-format", "isort",
    "pyupgrade", "autoflake", "autopep8", "add-trailing-comma", "reorder-python-imports",
    "docformatter", "codespell", "typos", "yamllint", "shellcheck", "shfmt", "hadolint",
    "actionlint", "gitleaks", "clang-format", "gofmt", "goimports", "rustfmt", "taplo",
    "editorconfig-checker", "ec", "nbstripout", "validate-pyproject", "check-jsonschema",
    "pycodestyle", "pyflakes", "pydocstyle", "yapf", "flynt", "bandit", "vulture",
    "interrogate", "mdformat", "pyright", "basedpyright", "cpplint", "stylua", "gofumpt",
    "pyproject-fmt", "tox-ini-fmt", "setup-cfg-fmt", "blacken-docs", "zizmor",
    "conventional-pre-commit", "check-added-large-files", "check-ast",
    "check-builtin-literals", "check-case-conflict", "check-docstring-first",
    "check-executables-have-shebangs", "check-json", "check-merge-conflict",
    "check-shebang-scripts-are-executable", "check-symlinks", "check-toml",
    "check-vcs-permalinks", "check-xml", "check-yaml", "debug-statements",
    "debug-statement-hook", "destroyed-symlinks", "detect-aws-credentials",
    "detect-private-key", "double-quote-string-fixer", "end-of-file-fixer",
    "file-contents-sorter", "fix-byte-order-marker", "fix-encoding-pragma",
    "forbid-new-submodules", "forbid-submodules", "mixed-line-ending", "name-tests-test",
    "no-commit-to-branch", "pretty-format-json", "requirements-txt-fixer", "sort-simple-yaml",
    "trailing-whitespace", "trailing-whitespace-fixer", "check-illegal-windows-names",
    "python-check-blanket-noqa", "python-check-blanket-type-ignore",
    "python-check-mock-methods", "python-no-eval", "python-no-log-warn",
    "python-use-type-annotations", "rst-backticks", "rst-directive-colons",
    "rst-inline-touching-normal", "text-unicode-replacement-char",
))  # fmt: skip
INERT |= CHECKERS
# Python modules (`python3 -m X`) known to load nothing of the tree but what they check.
INERT_MODULES = frozenset((
    "black", "ruff", "isort", "pyupgrade", "autoflake", "autopep8", "codespell_lib",
    "yamllint", "pycodestyle", "pyflakes", "docformatter", "pre_commit_hooks", "json",
    "py_compile", "compileall", "tabnanny", "validate_pyproject", "nbstripout",
    "check_jsonschema", "pydocstyle", "this",
))  # fmt: skip
# Tools folders of the tree a program by path comes from as a bare name's would: held to
# `INERT` too.
TOOL_FOLDERS = re.compile(r"(?:\A|/)(?:node_modules/\.bin|\.?venv/bin|vendor/bin)/[^/]+\Z")
# Tools that load what their config (`mypy.ini`'s `plugins`, `.eslintrc.js`, `.rubocop.yml`'s
# `require`) or their convention (behave's `features/steps`) names: the config files they
# look for in their working folder and each one above it, read for what they load
# (`domain/tool_configs.py`); `--config FILE` and its kin name another.
MYPY = ("mypy.ini", ".mypy.ini", "pyproject.toml", "setup.cfg")
PYLINT = (
    "pylintrc", ".pylintrc", "pylintrc.toml", ".pylintrc.toml", "pyproject.toml", "setup.cfg",
    "tox.ini",
)  # fmt: skip
FLAKE8 = (".flake8", "setup.cfg", "tox.ini")
BEHAVE = ("behave.ini", ".behaverc", "setup.cfg", "tox.ini", "pyproject.toml")


def _js(*stems: str) -> tuple[str, ...]:
    """Each of `stems` as a config node loads (`eslint.config.js`, `.mjs`, `.ts` ...)."""
    return tuple(f"{s}.{e}" for s in stems for e in ("js", "cjs", "mjs", "ts", "cts", "mts"))


def _rc(stem: str) -> tuple[str, ...]:
    """A node tool's `.NAMErc` forms that are data (JSON, YAML): read for the paths they
    name."""
    return (stem, *(f"{stem}.{e}" for e in ("json", "json5", "jsonc", "yaml", "yml", "toml")))


def _dot_config(stem: str) -> tuple[str, ...]:
    """cosmiconfig's `.config/NAMErc` forms (stylelint, commitlint, prettier 3.5+)."""
    forms = ("", ".json", ".yaml", ".yml", ".js", ".ts", ".cjs", ".mjs", ".cts", ".mts")
    return tuple(f".config/{stem}rc{e}" for e in forms)


CONVENTIONS: dict[str, tuple[str, ...]] = {
    "mypy": MYPY, "dmypy": MYPY, "pylint": PYLINT, "flake8": FLAKE8, "behave": BEHAVE,
    "rubocop": (".rubocop.yml",), "gitlint": (".gitlint",),
    "eslint": (*_js("eslint.config", ".eslintrc"), *_rc(".eslintrc"), "package.json"),
    "prettier": (
        *_js("prettier.config", ".prettierrc"), *_rc(".prettierrc"), "package.json",
        "package.yaml", *_dot_config("prettier"),
    ),
    "stylelint": (
        *_js("stylelint.config", ".stylelintrc"), *_rc(".stylelintrc"), "package.json",
        "package.yaml", *_dot_config("stylelint"),
    ),
    "commitlint": (
        *_js("commitlint.config", ".commitlintrc"), *_rc(".commitlintrc"), "package.json",
        "package.yaml", *_dot_config("commitlint"),
    ),
}  # fmt: skip
NODE_TOOLS = frozenset(("eslint", "prettier", "stylelint", "commitlint"))
# Node tools that look their config up from each file they check (eslint 10's flat config,
# eslint 8's cascading `.eslintrc`, prettier, stylelint), not from their working folder
# only: a config of theirs anywhere below it is one they load.
PER_FILE = frozenset(("eslint", "prettier", "stylelint"))
# A tool's options that name a file or folder it loads code from (eslint's `-f
# ./formatter.js`, `--rulesdir`, prettier's `--plugin`, rubocop's `--require`), modules
# (pylint's `--load-plugins`), or code it runs (pylint's `--init-hook`).
TOOL_OPTIONS = {
    "-f": "file", "--format": "file", "--formatter": "file", "--custom-formatter": "file",
    "--rulesdir": "file", "--resolve-plugins-relative-to": "file", "--plugin": "file",
    "--plugin-search-dir": "file", "--require": "file", "-r": "file", "--custom-syntax": "file",
    "--load-plugins": "module", "--init-hook": "code",
}  # fmt: skip
# The options that name the config a tool reads instead (or besides).
CONFIG_OPTIONS = frozenset((
    "--config-file", "--config", "-c", "--rcfile", "--append-config", "-g",
))  # fmt: skip
# Python modules that run what the project says (`python3 -m pytest`: each conftest.py).
PROJECT_MODULES = frozenset((
    "pytest", "unittest", "pip", "build", "tox", "nox", "sphinx", "mkdocs", "pre_commit",
    "setuptools", "invoke", "doctest",
))  # fmt: skip
SHELLS = frozenset(("sh", "bash", "dash", "zsh", "ksh", "mksh", "ash"))
PYTHON = re.compile(r"(python|pypy)[0-9.]*")
NODE = frozenset(("node", "nodejs"))
# Other interpreters: the script word they run (perl and ruby look in no working folder;
# the options of each: `domain/code_options.py`), and where
# those that look in their working folder find what they run (R's startup files, lua's
# `./?.lua` and `./?/init.lua` for any module name: all of it).
SCRIPTED = frozenset((
    "perl", "ruby", "php", "lua", "lua5.1", "lua5.3", "lua5.4", "luajit", "Rscript", "R",
    "tclsh", "awk", "gawk", "mawk", "julia",
))  # fmt: skip
R_ROOT = (".Rprofile", ".Renviron", ".RData")
LOOKS_IN_CWD = {
    "Rscript": R_ROOT, "R": R_ROOT,
    "lua": ("*",), "lua5.1": ("*",), "lua5.3": ("*",), "lua5.4": ("*",), "luajit": ("*",),
}  # fmt: skip
# Options of node that name a file or module it loads first (or its environment, which may
# hold more), and what node adds to a name it loads.
NODE_ARGS = frozenset((
    "-r", "--require", "--import", "--loader", "--experimental-loader", "--env-file",
    "--env-file-if-exists",
))  # fmt: skip
NODE_EXTENSIONS = (".js", ".cjs", ".mjs", ".json", ".node")
# Words of the shell's grammar that start no program.
KEYWORDS = frozenset((
    "{", "}", "!", "if", "then", "else", "elif", "fi", "do", "done", "while", "until",
    "function", "[[", "]]",
))  # fmt: skip


# Variables the shell and its programs read as data, never as a file (`HISTSIZE=1000`,
# `HISTCONTROL=ignoreboth`, `TERM=xterm-256color`, `LANG`, `LC_*`): no word of theirs is one.
DATA_VARIABLES = frozenset((
    "HISTCONTROL", "HISTSIZE", "HISTFILESIZE", "HISTTIMEFORMAT", "HISTIGNORE", "TERM",
    "COLORTERM", "LANG", "LANGUAGE", "TMOUT", "IGNOREEOF", "CLICOLOR", "LSCOLORS", "LS_COLORS",
    "GREP_COLORS", "GCC_COLORS",
))  # fmt: skip
# Variables naming a program that is looked for on PATH (`EDITOR=vim`, `PAGER='less -R'`):
# their bare first word is no file of the tree; the words after it may be (`vim -u ./rc`).
PROGRAM_VARIABLES = frozenset((
    "EDITOR", "VISUAL", "PAGER", "MANPAGER", "GIT_EDITOR", "GIT_PAGER", "SUDO_EDITOR", "BROWSER",
))  # fmt: skip

# less's input preprocessors (`LESSOPEN="|lesspipe.sh %s"`, `||` and `|-` too): a command
# line whose first word (past the pipe) is the program less runs, `%s` the file it views.
LESS_FILTERS = frozenset(("LESSOPEN", "LESSCLOSE"))


# Variables whose value names a file its program reads by a kind of its own, not as a script:
# `KUBECONFIG`'s kubeconfigs, whose `exec` plugins kubectl runs (`domain/kube_configs.py`).
KUBECONFIG = "kubeconfig"
VALUE_KINDS = {"KUBECONFIG": KUBECONFIG}


def reads_data(name: str, program: str) -> bool:
    """Whether the program `name` (named `program`) is one agents knows reads its words as
    data or as files it opens, never runs: an `INERT` one found on PATH or by an absolute
    path. An unknown one's words (`mytool setup`, `./bin/tool conf`) may be files it runs
    (attack 22 #7): each missing one gets a mount point (`host_binds.data_words`)."""
    return name in INERT and ("/" not in program or program.startswith("/"))


def value_files(name: str, words: list[str]) -> list[str]:
    """The words of the value assigned to `name` that may name a file a program opens by
    that variable: none of a data variable's, not a program variable's bare program, and
    no number (`x=1`, `n=5`: a count, a flag, never a file a program is given by name)."""
    if name in DATA_VARIABLES or name.startswith("LC_"):
        return []
    if name in PROGRAM_VARIABLES and words and "/" not in words[0]:
        words = words[1:]
    if name in LESS_FILTERS:  # `|./lesspipe.sh %s`: the program after the pipe, its file
        words = [w.lstrip("|-") if n == 0 else w for n, w in enumerate(words) if w != "%s"]
        words = [w for w in words if w]  # `| lesspipe %s`: the pipe a word of its own
        words = words[1:] if words and "/" not in words[0] else words
    return [w for w in words if not re.fullmatch(r"[0-9]+", w)]


def operands(rest: list[str], taking: frozenset[str]) -> list[str]:
    """The words of `rest` that are no option nor an option's word."""
    found: list[str] = []
    skip = False
    for word in rest:
        if skip:
            skip = False
        elif word.startswith("-"):
            skip = word in taking
        else:
            found.append(word)
    return found


# A package name as npm reads one (`@scope/name`, `name`), a version or tag after an `@`.
_NPM_PACKAGE = re.compile(r"((?:@[a-z0-9][\w.~-]*/)?[a-z0-9][\w.~-]*)(?:@[^/\s]*)?", re.I)


def npm_package(runner: str, word: str) -> tuple[str, ...]:
    """What of the working folder a node `runner`'s first word, a package name
    (`@modelcontextprotocol/server-filesystem@1.2`), runs when installed there: the
    package's folder in `node_modules` and the `.bin` folder of its programs (attack 20
    #11: the scoped name's `/` was read as a path); none for another word (`./x.js`)."""
    found = _NPM_PACKAGE.fullmatch(word) if RUNNERS.get(runner) == NODE_ROOT else None
    return (f"node_modules/{found.group(1)}", "node_modules/.bin") if found else ()


def launches(name: str) -> bool:
    """Whether a program named `name` is a shell, an interpreter or a launcher, read by a
    table of its own for what it runs: outside the tree, its file is no script of the
    user's to read (`/usr/bin/python3 x.py` reads `x.py`)."""
    tables = (RUNNERS, WRAPPERS, SHELLS, NODE, SCRIPTED)
    return any(name in t for t in tables) or bool(PYTHON.fullmatch(name))


def tabled(name: str) -> bool:
    """Whether a table reads a program named `name` (`launches`, a tool, one known to load
    nothing): a binary by that name outside the tree is that program, not unread code."""
    return launches(name) or any(name in t for t in (OPAQUE, INERT, CHECKERS, CONVENTIONS))
