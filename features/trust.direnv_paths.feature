Feature: What my .envrc names through a computed path, a tilde or a program's setting is kept from the model
  As a developer whose allowed `.envrc` puts a folder of my tree on PATH the usual ways
  (`PATH_add "$(git rev-parse --show-toplevel)/bin"`, `~+/bin`, `~/proj/bin`, `expand_path`),
  names a program in a setting (`LESSOPEN="|$PWD/lesspipe.sh %s"`, a `KUBECONFIG` whose
  `exec` plugin is a script of my tree), or lies above my tree (`~/work/.envrc`)
  I want what direnv's environment runs from my tree held read-only from the model
  So that the next program I run in the tree's environment is mine, not the model's

  # Each scenario allows the `.envrc` with the real direnv, lets the model's sandboxed
  # command write the program, then runs it in the tree's environment with `direnv exec`
  # (attack 21, findings 10, 11 and 19: each of these ran the model's bytes).
  Background:
    Given a git repository with files:
      | path  | content |
      | a.txt | a\n     |
    And an executable file "bin/tool" containing "echo tool\n" committed
    And Claude answers through a stand-in server
    And Claude will propose the plan "env" checked by ""

  Scenario Outline: A folder on PATH through <form> holds its programs read-only
    Given a plain file ".envrc" containing "<line>\n" committed
    And the user has allowed the tree's .envrc with direnv
    And Claude will run "printf 'touch direnv-ran' > bin/tool"
    When I run "agents plan run 'env' --allow-command 'printf *'" with Claude
    And the user runs "tool" in the tree's environment with direnv
    Then the file "direnv-ran" does not exist
    And the file "bin/tool" contains "echo tool"
    When I run "agents plan tree" with Claude
    Then stdout contains "read-only in the sandbox, as your host runs them:"
    And stdout contains "bin/tool"

    Examples:
      | form                       | line                                            |
      | the repository's top       | PATH_add "$(git rev-parse --show-toplevel)/bin" |
      | bash's ~+                  | export PATH=~+/bin:$PATH                        |
      | direnv's layout folder     | PATH_add "$(direnv_layout_dir)/../bin"          |

  # The `.envrc` runs `tool` by its name once the folder is on PATH: `bin/tool` runs there, and
  # what it sources (`lib/common.sh`) at each load, with no new allow.
  Scenario Outline: What a program on PATH through <form> sources is held from the model
    Given the tree lies in the user's home at "proj"
    And an executable file "bin/tool" containing ". lib/common.sh\n" committed
    And a plain file "lib/common.sh" containing "echo common\n" committed
    And a plain file ".envrc" containing "<line>\ntool\n" committed
    And Claude will write the file "lib/common.sh"
    And Claude will give up
    And Claude will estimate the distance at 0
    And Claude will give up
    When I run "agents plan run 'env'" with Claude
    Then the file "lib/common.sh" contains "echo common"
    When I run "agents plan tree" with Claude
    Then stdout contains "refused: path 'lib/common.sh' is lib/common.sh, which direnv's .envrc (in your shell, with no new `direnv allow`) loads"

    Examples:
      | form        | line                                  |
      | ~/          | PATH_add ~/proj/bin                   |
      | expand_path | PATH_add "$(expand_path ../proj/bin)" |

  Scenario: A folder on PATH through another command's output keeps the folder whole
    Given a plain file ".envrc" containing "PATH_add "$(some-setup --prefix)/bin"\n" committed
    And Claude will write the file "bin/tool"
    And Claude will give up
    And Claude will estimate the distance at 0
    And Claude will give up
    When I run "agents plan run 'env'" with Claude
    Then the file "bin/tool" contains "echo tool"
    When I run "agents plan tree" with Claude
    Then stdout contains "which runs `$(...)/bin`, a path through a command's output: agents cannot tell which files it runs"

  Scenario: less's input preprocessor named by my .envrc is held read-only
    Given an executable file "lesspipe.sh" containing "cat \"$1\"\n" committed
    And a plain file ".envrc" containing "export LESSOPEN="|$PWD/lesspipe.sh %s"\n" committed
    And the user has allowed the tree's .envrc with direnv
    And Claude will run "printf 'touch direnv-ran' > lesspipe.sh"
    When I run "agents plan run 'env' --allow-command 'printf *'" with Claude
    And the user runs "less a.txt" in the tree's environment with direnv
    Then the file "direnv-ran" does not exist
    And the file "lesspipe.sh" contains "cat"
    When I run "agents plan tree" with Claude
    Then stdout contains "read-only in the sandbox, as your host runs them:"
    And stdout contains "lesspipe.sh"

  # kubectl reads a kubeconfig as YAML, so JSON (`kubectl config view -o json`) and flow
  # style too: each is read so (attack 22 #11).
  Scenario Outline: The exec plugin of the kubeconfig my .envrc names, in <style>, is held read-only
    Given an executable file "tools/kube-auth.sh" containing "echo '{}'\n" committed
    And a plain file "kubeconfig" containing "<kubeconfig>" committed
    And a plain file ".envrc" containing "export KUBECONFIG=$PWD/kubeconfig\n" committed
    And the user has allowed the tree's .envrc with direnv
    And Claude will run "printf 'touch direnv-ran' > tools/kube-auth.sh"
    When I run "agents plan run 'env' --allow-command 'printf *'" with Claude
    And the user runs "kubectl get pods --request-timeout=2s" in the tree's environment with direnv
    Then the file "direnv-ran" does not exist
    And the file "tools/kube-auth.sh" contains "echo"
    When I run "agents plan tree" with Claude
    Then stdout contains "tools/kube-auth.sh"

    Examples:
      | style       | kubeconfig |
      | block style | apiVersion: v1\nkind: Config\nclusters:\n- name: c\n  cluster: {server: 'https://127.0.0.1:1'}\ncontexts:\n- name: x\n  context: {cluster: c, user: u}\ncurrent-context: x\nusers:\n- name: u\n  user:\n    exec:\n      apiVersion: client.authentication.k8s.io/v1\n      command: ./tools/kube-auth.sh\n      interactiveMode: Never\n |
      | JSON        | {"apiVersion": "v1", "kind": "Config", "clusters": [{"name": "c", "cluster": {"server": "https://127.0.0.1:1"}}], "contexts": [{"name": "x", "context": {"cluster": "c", "user": "u"}}], "current-context": "x", "users": [{"name": "u", "user": {"exec": {"apiVersion": "client.authentication.k8s.io/v1", "command": "./tools/kube-auth.sh", "interactiveMode": "Never"}}}]} |
      | flow style  | {apiVersion: v1, kind: Config, clusters: [{name: c, cluster: {server: 'https://127.0.0.1:1'}}], contexts: [{name: x, context: {cluster: c, user: u}}], current-context: x, users: [{name: u, user: {exec: {apiVersion: client.authentication.k8s.io/v1, 'command': ./tools/kube-auth.sh, interactiveMode: Never}}}]} |

  Scenario: The .envrc in the folder above my tree is read too
    Given the folder above the tree holds the allowed .envrc "PATH_add repo/bin\n"
    And Claude will run "printf 'touch direnv-ran' > bin/tool"
    When I run "agents plan run 'env' --allow-command 'printf *'" with Claude
    And the user runs "tool" in the tree's environment with direnv
    Then the file "direnv-ran" does not exist
    And the file "bin/tool" contains "echo tool"
    When I run "agents plan tree" with Claude
    Then stdout contains "read-only in the sandbox, as your host runs them:"
    And stdout contains "bin/tool"

  Scenario: The .envrc above my tree that my .envrc's source_up loads is read too
    Given the folder above the tree holds the allowed .envrc "PATH_add repo/bin\n"
    And a plain file ".envrc" containing "source_up\n" committed
    And the user has allowed the tree's .envrc with direnv
    And Claude will run "printf 'touch direnv-ran' > bin/tool"
    When I run "agents plan run 'env' --allow-command 'printf *'" with Claude
    And the user runs "tool" in the tree's environment with direnv
    Then the file "direnv-ran" does not exist
    And the file "bin/tool" contains "echo tool"
