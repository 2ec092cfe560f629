Feature: However my home's startup files spell a loader variable naming my dotfiles tree, it is never missed
  As a developer whose `~/.bashrc`, `~/.profile`, fish config or `environment.d` sets a
  variable a program loads code or config from (`PYTHONPATH`, `PATH`, `XDG_CONFIG_HOME`,
  `GIT_EXEC_PATH`, `PERL5OPT=-I...`...) to my dotfiles tree's top, by an "append if set"
  idiom, a default, a `cd` then `$PWD`, an `eval`'s or alias' string, a fish local, or a
  command substitution agents cannot evaluate
  I want the tree kept whole every time (a value agents cannot evaluate that may name it
  counts as naming it), while a subfolder so named in an idiom agents evaluates is found
  and the tree not whole
  So that the model's new `sitecustomize.py` or `git/config` there never runs at my next shell

  # Each example: a home with `~/dotfiles` (a git tree) and one of its startup files holding
  # a drawn loader variable assigned a drawn spelling of the tree's top (or of its subfolder
  # `lib`) in a drawn form; then `home_files.home_files` on a real file system, in process.
  # CLEVERAGENTS_PROPERTY_EXAMPLES sets how many examples (60 by default);
  # CLEVERAGENTS_PROPERTY_SEED replays a failure with the seed printed on stderr.

  Scenario: A loader variable naming the tree's top, however spelled, keeps the tree whole
    When home startup files setting a loader variable to the tree are made at random
    Then the tree counts whole whenever the variable may name its top, and a subfolder named exactly is found

  # Each example: `~/dotfiles` (a git tree holding `aliases.sh`) and a home startup file
  # (or `~/.zshrc`, a link to the tree's `zshrc`) holding common lines and one drawn form
  # naming the tree by a drawn spelling of the home: an append (`D+=/dotfiles`), an array,
  # a name reference, `read`/`mapfile`/`printf -v`, zsh's `${0:A:h}` and `hash -d`, `~+`,
  # `~user`, a `$(cmd)` that may print a home path, a project runner given the tree by
  # option (`make -C`, `npm --prefix`, an alias', `sh -c`'s), a value a local terminal
  # gives (`${SSH_TTY:+-ssh}` unset, an assignment after `&&` not run), bash's `$'...'`,
  # `$OLDPWD` after a `cd`, an extglob group (`@(dotfiles|x)`).
  Scenario: A path named by an append, an array, a runner's option or a zsh form is never missed
    When home startup files naming the tree by a form agents may not evaluate are made at random
    Then each form is read exactly where agents evaluates it, and the tree counts whole where it does not
