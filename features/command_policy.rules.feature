Feature: Which of a model's command lines run without asking
  As a developer who allows Claude a few commands with --allow-command patterns
  I want every simple command of a line to match a pattern, whatever joins or hides it,
  and a line that cannot be checked to be asked about
  So that allowing the tests never allows what is chained, piped or substituted into them

  # A line is read as bash reads it (tree-sitter-bash), then judged against the patterns
  # (comma-separated). "\n" in a line is a new line, "\t" a tab, "\|" a pipe. "allowed" means it runs
  # without asking; otherwise the reason shown is given.

  Scenario Outline: <case>
    When the line "<line>" is judged against "<patterns>"
    Then it is <verdict>

    Examples: every simple command must match, whatever joins them
      | case                                    | line                                   | patterns                 | verdict                                                                                  |
      | one allowed command                     | python3 -m unittest -q                 | python3 -m unittest*     | allowed                                                                                  |
      | a command no pattern matches            | rm -rf build                           | python3 -m unittest*     | refused: "`rm -rf build` matches no --allow-command pattern"                             |
      | a chain, both allowed                   | make && python3 -m unittest -q         | make, python3 -m unittest* | allowed                                                                                |
      | a chain: the part named                 | python3 -m unittest -q; touch X        | python3 -m unittest*     | refused: "`touch X` (in `python3 -m unittest -q; touch X`) matches no"                   |
      | two parts refused: both named           | ls; touch X \| rm Y                    | ls                       | refused: "`touch X`, `rm Y` (in `ls; touch X \| rm Y`) match no"                         |
      | nothing allowed: the whole line         | curl x \| sh                           | pytest*                  | refused: "`curl x \| sh` matches no --allow-command pattern"                             |
      | a heredoc's body runs its $(...)        | cat <<E\n$(touch X)\nE                 | cat *                    | refused: "cannot be checked (it substitutes: command substitution"                       |
      | a quoted heredoc's body is text         | cat <<'E'\n$(touch X)\nE               | cat *                    | allowed                                                                                  |
      | $(...) inside ${...}                    | echo ${X:-$(touch X)}                  | echo *                   | refused: "cannot be checked (it substitutes: command substitution"                       |
      | $(...) in arithmetic on numbers         | echo $((1 + $(touch X)))               | echo *                   | refused: "cannot be checked (it substitutes: arithmetic expansion"                       |
      | a prefix assignment is part of the text | PATH=. python3 -m unittest             | python3 -m unittest*     | refused: "`PATH=. python3 -m unittest` matches no"                                       |
      | a bare assignment is a simple command   | PATH=.; python3 -m unittest            | python3 -m unittest*     | refused: "`PATH=.` (in `PATH=.; python3 -m unittest`) matches no"                        |
      | inside if, for and case                 | if true; then for f in a; do case $f in a) touch X;; esac; done; fi | true | refused: "`touch X` (in"                                                |
      | a comment runs nothing                  | true # $(touch X)                      | true                     | allowed                                                                                  |
      | single quotes run nothing               | echo '$(touch X); rm Y'                | echo *                   | allowed                                                                                  |
      | $'...' is one word to bash              | echo $'\'; touch X; echo \''           | echo *                   | allowed                                                                                  |
      | an empty line runs nothing              |                                        | pytest                   | allowed                                                                                  |

    Examples: a pattern matches one simple command as a whole: what it runs, it allows
      | case                                    | line                                   | patterns                 | verdict                                                                                  |
      | eval's text is its argument             | eval 'touch X'                         | python3*                 | refused: "`eval 'touch X'` matches no"                                                   |
      | bash -c is one command                  | bash -c 'touch X'                      | python3*                 | refused: "`bash -c 'touch X'` matches no"                                                |
      | env runs what follows it                | env X=1 rm Y                           | env*                     | allowed                                                                                  |
      | xargs runs what follows it              | ls \| xargs rm                         | ls, xargs*               | allowed                                                                                  |

    Examples: what cannot be checked is asked about, unless a pattern is only *
      | case                                    | line                                   | patterns                 | verdict                                                                                  |
      | a function                              | f() { touch X; }; f                    | f*                       | refused: "`f() { touch X; }; f` cannot be checked (it defines a function)"               |
      | arithmetic on a variable                | echo $((x + 1))                        | echo *                   | refused: "cannot be checked (it substitutes: arithmetic expansion"                       |
      | an arithmetic command                   | (( x ))                                | *x*                      | refused: "cannot be checked (arithmetic evaluates what variables hold)"                  |
      | [[ ]] comparing numbers                 | [[ $x -eq 1 ]]                         | *                        | allowed                                                                                  |
      | [[ ]] comparing numbers, no star        | [[ $x -eq 1 ]]                         | [[*                      | refused: "cannot be checked (arithmetic evaluates what variables hold)"                  |
      | an array index that is a name           | echo ${a[i]}                           | echo *                   | refused: "cannot be checked (an array index: arithmetic evaluates what variables hold)"  |
      | an indirect expansion                   | echo ${!x}                             | echo *                   | refused: "cannot be checked (an indirect expansion"                                      |
      | a prompt expansion                      | echo ${x@P}                            | echo *                   | refused: "cannot be checked (a prompt expansion runs what a variable holds)"             |
      | a substring offset that is a name       | echo ${x:y}                            | echo *                   | refused: "cannot be checked (a substring offset"                                         |
      | bash syntax that does not parse         | echo )(                                | echo *                   | refused: "cannot be checked (bash syntax this check cannot read)"                        |
      | what tree-sitter-bash misreads: a heredoc on the line after a \| b \| c | true a1 \| true a2 \| true a3\nrm x <<E\nE | true a* | refused: "cannot be checked (bash syntax this check cannot read)" |
      | number indexes and offsets are fine     | echo ${a[0]} ${a[@]} ${x:1:2} "${#a[*]}" | echo *                 | allowed                                                                                  |

    Examples: every place bash substitutes is refused, wherever it hides
      | case                                    | line                                   | patterns                 | verdict                                                                                  |
      | $(...) in a # operand                   | ls ${PWD#$(touch X)}                   | ls*                      | refused: "cannot be checked (it substitutes: `$(...)` or `$((...))` runs"                |
      | $(...) in a ## operand                  | ls ${PWD##$(touch X)}                  | ls*                      | refused: "cannot be checked (it substitutes: `$(...)`"                                   |
      | $(...) in a % operand                   | ls ${PWD%$(touch X)}                   | ls*                      | refused: "cannot be checked (it substitutes: `$(...)`"                                   |
      | $(...) in a %% operand                  | ls ${PWD%%$(touch X)}                  | ls*                      | refused: "cannot be checked (it substitutes: `$(...)`"                                   |
      | $(...) in a ^ operand                   | ls ${PWD^$(touch X)}                   | ls*                      | refused: "cannot be checked (it substitutes: `$(...)`"                                   |
      | $(...) in a , operand                   | ls ${PWD,$(touch X)}                   | ls*                      | refused: "cannot be checked (it substitutes: `$(...)`"                                   |
      | a process substitution                  | cat <(touch X)                         | cat *                    | refused: "cannot be checked (it substitutes: process substitution"                       |
      | backquotes in a ${x:-...} operand       | cat ${x:-`touch X`}                    | cat *                    | refused: "cannot be checked (it substitutes: backquotes"                                 |
      | '...' inside "${x:-...}" is not a quote | cat "${x:-'$(touch X)'}"               | cat *                    | refused: "cannot be checked (it substitutes: `$(...)`"                                   |
      | backquotes in a heredoc's body          | cat <<E\n`touch X`\nE                  | cat *                    | refused: "cannot be checked (it substitutes: backquotes"                                 |
      | test -v evaluates an index              | test -v 'a[$(touch X)]'                | test *                   | refused: "cannot be checked (`test` evaluates the array index in `a[$(touch X)]`)"       |
      | [ -v ] evaluates an index               | [ -v 'a[`touch X`]' ]                  | [ *                      | refused: "cannot be checked (`[` evaluates the array index"                              |
      | [[ -v ]] evaluates an index             | [[ -v 'a[$(touch X)]' ]]               | [[*                      | refused: "cannot be checked (arithmetic evaluates what variables hold)"                  |
      | printf -v evaluates an index            | printf -v 'a[$(touch X)]' x            | printf *                 | refused: "cannot be checked (`printf` evaluates the array index"                         |
      | read evaluates an index                 | read 'a[$(touch X)]'                   | read*                    | refused: "cannot be checked (`read` evaluates the array index"                           |
      | an index that is a name                 | unset 'a[i]'                           | unset*                   | refused: "cannot be checked (`unset` evaluates the array index in `a[i]`)"               |
      | mapfile evaluates an index              | mapfile 'a[$(touch X)]' < f            | mapfile*                 | refused: "cannot be checked (`mapfile` evaluates the array index"                        |
      | wait -p evaluates an index              | wait -p 'a[$(touch X)]'                | wait*                    | refused: "cannot be checked (`wait` evaluates the array index"                           |
      | export evaluates an index               | export 'a[$(touch X)]'=1               | export*                  | refused: "cannot be checked (`export` evaluates the array index"                         |
      | compgen -W expands its word list        | compgen -W '$(touch X)' x              | compgen*                 | refused: "cannot be checked (`compgen` may expand what `$(touch X)` holds)"             |
      | let evaluates its arguments             | let 'a[$(touch X)]'                    | let*                     | refused: "cannot be checked (`let` evaluates"                                            |
      | an argument a glob makes                | test -v *                              | test *                   | refused: "cannot be checked (`test` evaluates names it is given, and an argument is expanded)" |
      | let on a name evaluates what it holds   | read y < f; let x=y                    | read*, let*              | refused: "cannot be checked (`let` evaluates what the variables it names hold)"          |
      | let on numbers                          | let 1+2                                | let*                     | allowed                                                                                  |
      | declare -i evaluates what it is given   | declare -i x                           | declare*                 | refused: "cannot be checked (`declare -i` makes variables that evaluate what they are given)" |
      | local -ia too                           | local -ia x                            | local*                   | refused: "cannot be checked (`local -ia` makes variables"                                |
      | a nameref too                           | declare -n r=x                         | declare*                 | refused: "cannot be checked (`declare -n` makes variables"                               |
      | a ${...} hidden in an operand           | ls ${PWD#${!x}}                        | ls*                      | refused: "cannot be checked (it expands `${!x}`, which may evaluate what a variable holds)" |
      | $(...) in an arithmetic command         | (( 1 + $(touch X) ))                   | *X*                      | refused: "cannot be checked (it substitutes: command substitution"                       |
      | '...' in arithmetic is not a quote      | (( '$(touch X)' ))                     | *X*                      | refused: "cannot be checked (it substitutes: `$(...)`"                                   |
      | a redirection naming a variable         | cat {a['$(touch X)']}>/dev/null        | cat *                    | refused: "cannot be checked (a redirection names a variable (`{name}>`)"                 |
      | a C-style for on names                  | for ((i = 0; i < 1; i++)); do true; done | true                   | refused: "cannot be checked (arithmetic evaluates what variables hold)"                  |
      | after a prefix assignment too           | X=1 test -v 'a[$(touch X)]'            | X=1 test *               | refused: "cannot be checked (`test` evaluates the array index"                           |
      | mapfile -C runs a command               | mapfile -C 'touch X' -c 1 x < f        | mapfile*                 | refused: "cannot be checked (`mapfile` may run a command or load code it is given)"     |
      | hash -p makes a name run another program | hash -p /usr/bin/touch ls; ls X       | hash*, ls*               | refused: "cannot be checked (`hash` may run a command"                                   |
      | fc runs what history holds              | fc -s                                  | fc*                      | refused: "cannot be checked (`fc` may run a command"                                     |
      | printf -v sets PATH                     | printf -v PATH . ; pytest              | printf *, pytest*        | refused: "cannot be checked (`printf` would set `PATH`, a variable in capitals)"         |
      | printf -vPATH sets PATH                 | printf -vPATH . ; pytest               | printf *, pytest*        | refused: "cannot be checked (`printf` would set `PATH`, a variable in capitals)"         |
      | read -aPATH sets PATH                   | read -aPATH < f; pytest                | read*, pytest*           | refused: "cannot be checked (`read` would set `PATH`, a variable in capitals)"           |
      | set -k passes assignments after a name  | set -k; pytest LD_PRELOAD=./x.so       | set*, pytest*            | refused: "cannot be checked (`set` may run a command"                                    |
      | set -o keyword too                      | set -o keyword; pytest LD_PRELOAD=./x.so | set*, pytest*          | refused: "cannot be checked (`set` may run a command"                                    |
      | plain set                               | set -eu -o pipefail; pytest            | set*, pytest*            | allowed                                                                                  |
      | read sets PATH                          | read PATH < f; pytest                  | read*, pytest*           | refused: "cannot be checked (`read` would set `PATH`, a variable in capitals)"           |
      | export sets LD_PRELOAD                  | export LD_PRELOAD=./x.so; ls           | export*, ls*             | refused: "cannot be checked (`export` would set `LD_PRELOAD`, a variable in capitals)"   |
      | a loop sets PATH                        | for PATH in .; do pytest; done         | pytest*                  | refused: "cannot be checked (a loop sets `PATH`, a variable in capitals)"                |
      | alias                                   | alias ls=touch                         | alias*                   | refused: "cannot be checked (`alias` may run a command"                                  |
      | a loop on a small name                  | for f in a b; do pytest $f; done       | pytest*                  | allowed                                                                                  |
      | plain mapfile                           | mapfile -t x < f                       | mapfile*                 | allowed                                                                                  |
      | plain uses of those builtins            | test -f a \|\| [ x = y ] && printf '%s' "a b" && read -r x | test *, [ *, printf *, read* | allowed                                                              |
      | a plain declaration                     | declare -a x; export a=1 b _C          | declare*, export*        | allowed                                                                                  |

    Examples: where bash and the parse would split the text differently, the line is unreadable
      | case                                    | line                                   | patterns                 | verdict                                                                                  |
      | `$` then a new line (report 3)          | echo ok >$\ntouch X                    | echo*                    | refused: "cannot be checked (bash syntax this check cannot read: a new line inside a word" |
      | `$` then a new line, after 2>&1         | python3 -m unittest -q 2>&1 >$\nrm -rf victim | echo*, python3 -m unittest* | refused: "cannot be checked (bash syntax this check cannot read: a new line inside a word" |
      | &> then CR and a new line               | echo hi &><CR>\nsh -c 'touch X'        | echo*                    | refused: "cannot be checked (bash syntax this check cannot read: it holds the character \x0d" |
      | > then CR and a new line                | echo hi ><CR>\nsh -c 'touch X'         | echo*                    | refused: "it holds the character \x0d"                                                   |
      | VT is no blank to bash                  | echo ok <VT>#; touch X                 | echo*                    | refused: "it holds the character \x0b"                                                   |
      | CR is no blank to bash                  | echo ok <CR>#; touch X                 | echo*                    | refused: "it holds the character \x0d"                                                   |
      | FF is no blank to bash                  | echo ok <FF>#; touch X                 | echo*                    | refused: "it holds the character \x0c"                                                   |
      | a no-break space is no blank            | echo ok <NBSP>#; touch X               | echo*                    | refused: "it holds the character \xa0"                                                   |
      | a line separator is no blank            | echo ok <LS>#; touch X                 | echo*                    | refused: "it holds the character \u2028"                                                 |
      | a line of nothing but a comment         | # a note; touch X                      | echo*                    | allowed                                                                                  |
      | an escape character                     | echo ok <ESC>[2K                       | echo*                    | refused: "it holds the character \x1b"                                                   |
      | a lone surrogate (report 11, 8)         | echo hi # <LONE>                       | echo*                    | refused: "cannot be checked (it holds \ud800, which is not a character)"               |
      | <<< then VT and a new line              | echo <<<<VT>\ntouch X                  | echo*                    | refused: "it holds the character \x0b"                                                   |
      | \\ # is a word, no comment              | python3 -m unittest -q \ #; rm -rf victim; touch X | python3 -m unittest*     | refused: "(bash syntax this check cannot read: a `#` inside a word is no comment to bash)" |
      | a string over two lines                 | echo 'a\ntouch X'                      | echo*                    | refused: "a new line inside a word, a string or a redirection"                           |
      | a comment ends at its line, \\ or not   | echo a # x \\ntouch X                  | echo*                    | refused: "`touch X` (in"                                                                 |
      | `==;` read as a regex in a subshell     | ( ( echo ==;touch X ) )                | echo*                    | refused: "cannot be checked (bash syntax this check cannot read)"                        |
      | a regex inside [[ ]] is one             | [[ a =~ ^x ]] && echo a                | [[*, echo*               | allowed                                                                                  |
      | # after ; starts a comment              | echo a;#x; touch X                     | echo*                    | allowed                                                                                  |
      | a new line after a pipe                 | echo a \|\necho b                      | echo*                    | allowed                                                                                  |
      | an escaped new line between words       | echo a \\n b                           | echo*                    | allowed                                                                                  |

    Examples: a pattern matches word by word, its trailing * any further words
      | case                                    | line                                   | patterns                 | verdict                                                                                  |
      | the command and any arguments           | pytest -q tests/ > log 2>&1            | pytest*                  | allowed                                                                                  |
      | the command alone                       | pytest                                 | pytest*                  | allowed                                                                                  |
      | not a path through it                   | pytest/../../../usr/bin/touch X        | pytest*                  | refused: "`pytest/../../../usr/bin/touch X` matches no --allow-command pattern"          |
      | not a longer name                       | pytest-xdist                           | pytest*                  | refused: "`pytest-xdist` matches no --allow-command pattern"                             |
      | a longer name the user wrote            | pytest-xdist -n 2                      | pytest-xdist*            | allowed                                                                                  |
      | not a longer module name                | python3 -m unittest_pwn                | python3 -m unittest*     | refused: "`python3 -m unittest_pwn` matches no --allow-command pattern"                  |
      | the module and arguments                | python3 -m unittest -v tests.test_a    | python3 -m unittest*     | allowed                                                                                  |
      | quotes are removed, as bash does        | python3 '-m' "unittest" -q             | python3 -m unittest*     | allowed                                                                                  |
      | an expanded word is not known           | python3 $M unittest                    | python3 -m unittest*     | refused: "matches no --allow-command pattern"                                            |
      | a quoted command name                   | 'pytest' -q                            | pytest*                  | refused: "matches no --allow-command pattern"                                            |
      | an escaped command name                 | p\ytest -q                             | pytest*                  | refused: "matches no --allow-command pattern"                                            |
      | no trailing *: exactly those words      | make test                              | make                     | refused: "`make test` matches no --allow-command pattern"                                |
      | a * inside a word stays in the word     | ./scripts/check.sh                     | ./scripts/*.sh           | allowed                                                                                  |
      | never across a /                        | ./scripts/a/b.sh                       | ./scripts/*.sh           | refused: "matches no --allow-command pattern"                                            |
      | never a .. component                    | ./scripts/../x                         | ./scripts/*/x            | refused: "matches no --allow-command pattern"                                            |
      | an argument of one word                 | cat a.txt                              | cat *.txt                | allowed                                                                                  |
      | quotes and escapes in words             | X=1 pytest a"b"c "\$x\y" -q               | X=1 pytest abc $x\y*     | allowed                                                                                  |
      | quotes and escapes, other values        | X=1 pytest a"b"c "\$x\z" -q               | X=1 pytest abc $x\y*     | refused: "matches no --allow-command pattern"                                            |
      | an escaped space                        | cat a\ b.txt \\n  -q                     | cat a?b.txt -q           | allowed                                                                                  |
      | a word goes on after an escaped new line | python3 -m unittest\\n_pwn             | python3 -m unittest*     | refused: "cannot be checked (a word goes on after an escaped new line)"                  |
      | a name goes on after an escaped new line | pytest\\n/../../../usr/bin/touch X     | pytest*                  | refused: "cannot be checked (a word goes on after an escaped new line)"                  |
      | an empty pattern matches nothing        | ls                                     | , ls                     | allowed                                                                                  |
      | an argument of one word, not two        | cat a.txt b.txt                        | cat *.txt                | refused: "matches no --allow-command pattern"                                            |
      | a glob in a word takes no option (report 31) | python3 '-cimport os;os.system("touch X1")#.py' | python3 *.py | refused: "matches no --allow-command pattern"                                    |
      | nor an option glued to its code         | python3 -c'import os;os.system("touch X2")#.py' | python3 *.py   | refused: "matches no --allow-command pattern"                                            |
      | nor perl's -e                           | perl '-esystem("touch X3")#.pl'        | perl *.pl                | refused: "matches no --allow-command pattern"                                            |
      | nor a + option (vim runs +commands)     | vim '+!touch X4.txt'                   | vim *.txt                | refused: "matches no --allow-command pattern"                                            |
      | a file of that name is still allowed    | python3 check.py                       | python3 *.py             | allowed                                                                                  |
      | an option the pattern writes as one     | pytest --junit-xml=out/a.xml           | pytest --junit-xml=*/*.xml | allowed                                                                                |
      | the trailing * takes options            | make '--eval=x:;touch X5' -q           | make *                   | allowed                                                                                  |
      | * alone allows anything                 | test -v 'a[$(touch X)]' \| p/../x     | *                        | allowed                                                                                  |

  Scenario: Random compositions: a line runs exactly when every simple command in it may
    When random command lines of allowed and refused commands are judged, and run by bash
    Then each was allowed exactly when all its simple commands were, a refusal named each refused one, and bash ran nothing the check did not see
