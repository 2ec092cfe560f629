Feature: Pictures of the decision tree
  As a developer who would rather look at a plan than read it
  I want `agents plan tree --format mermaid|dot|html` to draw every decision with what it did
  So that a failure's output, a long diff and every path of a fork are there, and no text breaks the picture

  Background:
    Given a git repository
    And the plan file "big.yaml":
      """
      task: A big file, then a check
      steps:
        - name: write it
          options:
            - actions:
                - write: big.txt
                  content: "line\nline\nline\nline\nline\nline\nline\nline\nline\nline\n"
        - name: write more
          options:
            - actions:
                - write: more.txt
                  content: "more\n"
      """

  Scenario: A long diff is cut where a line ends and says so; past the page's room the rest are named
    Given I have run "agents plan run --script {tmp}/big.yaml"
    When the diffs of the plan's decisions are taken, 100 bytes each and 150 in all
    Then the diff of the first step is cut after a line, its cut bytes counted
    And the diff of the second step is left out
    And a decision whose checkpoint is gone has no diff
    And the page of the plan says "more bytes cut; <code>agents plan diff 2</code> shows it whole"
    And the page of the plan says "diff left out: the page holds no more diffs"

  Scenario: The page shows a failed check's output, every path of a fork, and hostile text as text
    Given a plan drawn by hand: a failed check with output, forks with an interrupted and a live path, an appended correction
    Then its page says "<pre class=\"output\">boom &lt;b&gt;&amp;amp;&lt;/b&gt; {{x}}"
    And its page says "<h2>original path (interrupted)</h2>"
    And its page says "<h2>original path (superseded by correction c1)</h2>"
    And its page says "<h2>live path</h2>"
    And its page says "<b>c2</b> append: <q class=\"guidance\">go on &quot;now&quot;</q>"
    And its page says "class=\"decision kind-verification off failed\""
    And its Mermaid says "    class d2,d3 failed"
    And its Mermaid says "✗ boom #60;b#62;#38;amp#59;#60;/b#62; #123;#123;x#125;#125; · superseded by c1"
    And its Mermaid shortens the long summary to 100 characters
    And its DOT says "d3 [label=\"#3 check · check: boom \\\"q\\\" \\\\N\\n✗"
    And its DOT says "style=\"rounded,dashed\", color=\"#dc2626\""

  Scenario: JSON goes to a file or to stdout, the text tree stays the default
    Given I have run "agents plan run --script {tmp}/big.yaml"
    When I run "agents plan tree --format json --output pictures/tree.json"
    Then the exit code is 0
    And the file "pictures/tree.json" contains ""schema": 1"
    And stderr contains "wrote pictures/tree.json"
    When I run "agents plan tree --format json"
    Then the JSON value "decisions.1.summary" is "step 1: write it"
    When I run "agents plan tree --format text"
    Then stdout contains "#2  step 1 · write it"
    When I run "agents plan tree --format dot --output {tmp}/big.yaml/tree.dot"
    Then the exit code is 2
    And stderr is one line containing "cannot write {tmp}/big.yaml/tree.dot"

  Scenario: --open without a browser to start says where the page is
    Given the plan file "quiet.yaml":
      """
      task: Change nothing
      steps:
        - name: look
          options:
            - actions:
                - run: "true"
      """
    And I have run "agents plan run --script {tmp}/quiet.yaml"
    When I run "agents plan tree --open --output {tmp}/page.html" with the environment BROWSER=false
    Then the exit code is 0
    And stderr contains "no browser could be started: open"
    And the page "{tmp}/page.html" says "no files changed"
