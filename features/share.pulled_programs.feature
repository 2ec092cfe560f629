Feature: A pulled plan never writes where my hook links lead or a program my git config names
  As a developer whose `.git/hooks/pre-commit` is a link into my tree, or whose git config
  names a program of my tree (`diff.json.textconv = ./tools/conv`)
  I want a pulled plan's restore to keep that file as it is
  So that the sender's bytes never run at my next `git commit` or `git diff`

  Background:
    Given a git repository with files:
      | path  | content |
      | a.txt | a\n     |
    And an executable file "tools/conv" containing "#!/bin/sh\nexit 0\n" committed
    And the plan file "plan.yaml":
      """
      task: hooks
      steps:
        - name: s
          options:
            - name: a
              actions:
                - edit: tools/conv
                  find: "exit 0"
                  replace: "touch planted"
        - name: t
          options:
            - name: b
              actions:
                - write: b.txt
                  content: "b\n"
      """
    And I have run "agents plan run --script {tmp}/plan.yaml"
    And the repository pushed its newest plan to a bare remote, and a clone pulls from it

  Scenario Outline: A pulled plan's restore keeps <case>, and says why
    Given <setup>
    When I run "agents plan pull origin"
    Then the exit code is 0
    When I run "agents plan correct --mode=revert --decision 4 --guidance x --no-execute"
    Then the exit code is 0
    And the file "tools/conv" contains "exit 0"
    And stdout contains "kept: tools/conv (a pulled plan never writes files that run on the host: it is <why>)"

    Examples:
      | case              | setup                                                                   | why                                                                  |
      | a hook link's file | a symlink ".git/hooks/pre-commit" pointing to "../../tools/conv"        | in tools/conv, which git runs as a hook through a link to it         |
      | a hook's content's file | the repository's hook "pre-commit" holds "#!/bin/sh\nexec tools/conv\n" | tools/conv, which the pre-commit hook runs                        |
      | a textconv         | the repository's git config sets "diff.json.textconv" to "./tools/conv" | tools/conv, which your git config's diff.json.textconv names for git to run |
      | a credential helper's folder | the user's global git config sets "credential.helper" to "!cd tools; ./cred" | in tools, where cd finds what your git config's credential.helper runs |
      | a nested clone's include | a nested repository "vendor" whose git config sets "include.path" to "../../tools/conv" | tools/conv, which include.path of the nested repository vendor's git config includes: git reads it as config, commands too |
