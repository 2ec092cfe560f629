Feature: Which of a model's command lines run without asking
  As a developer who allows Claude a few commands with --allow-command patterns
  I want every simple command of a line to match a pattern, whatever joins or hides it,
  and a line that cannot be checked to be asked about
  So that allowing the tests never allows what is chained, piped or substituted into them

  # A line is read as bash reads it (tree-sitter-bash), then judged against the patterns
  # (comma-separated). "\n" in a line is a new line, "\|" a pipe. "allowed" means it runs
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
      | a heredoc's body runs its $(...)        | cat <<E\n$(touch X)\nE                 | cat *                    | refused: "`touch X` (in `cat <<E\n$(touch X)\nE`) matches no"                            |
      | a quoted heredoc's body is text         | cat <<'E'\n$(touch X)\nE               | cat *                    | allowed                                                                                  |
      | $(...) inside ${...}                    | echo ${X:-$(touch X)}                  | echo *                   | refused: "`touch X` (in `echo ${X:-$(touch X)}`) matches no"                             |
      | $(...) in arithmetic on numbers         | echo $((1 + $(touch X)))               | echo *                   | refused: "`touch X` (in `echo $((1 + $(touch X)))`) matches no"                          |
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
      | arithmetic on a variable                | echo $((x + 1))                        | echo *                   | refused: "cannot be checked (arithmetic evaluates what variables hold)"                  |
      | an arithmetic command                   | (( x ))                                | *x*                      | refused: "cannot be checked (arithmetic evaluates what variables hold)"                  |
      | [[ ]] comparing numbers                 | [[ $x -eq 1 ]]                         | *                        | allowed                                                                                  |
      | [[ ]] comparing numbers, no star        | [[ $x -eq 1 ]]                         | [[*                      | refused: "cannot be checked (arithmetic evaluates what variables hold)"                  |
      | an array index that is a name           | echo ${a[i]}                           | echo *                   | refused: "cannot be checked (an array index: arithmetic evaluates what variables hold)"  |
      | an indirect expansion                   | echo ${!x}                             | echo *                   | refused: "cannot be checked (an indirect expansion"                                      |
      | a prompt expansion                      | echo ${x@P}                            | echo *                   | refused: "cannot be checked (a prompt expansion runs what a variable holds)"             |
      | a substring offset that is a name       | echo ${x:y}                            | echo *                   | refused: "cannot be checked (a substring offset"                                         |
      | bash syntax that does not parse         | echo )(                                | echo *                   | refused: "cannot be checked (bash syntax this check cannot read)"                        |
      | what tree-sitter-bash misreads: a heredoc on the line after a \| b \| c | true a1 \| true a2 \| true a3\nrm x <<E\nE | true a* | refused: "cannot be checked (bash syntax this check cannot read)" |
      | numbers only are fine                   | echo $((1 + 2)) ${a[0]} ${a[@]} ${x:1:2} | echo *                 | allowed                                                                                  |

  Scenario: Random compositions: a line runs exactly when every simple command in it may
    When random command lines of allowed and refused commands are judged, and run by bash
    Then each was allowed exactly when all its simple commands were, a refusal named each refused one, and bash ran nothing the check did not see
