Feature: What my hook's node script or node tool loads by a module path is kept from the model
  As a developer whose git hook runs a node script of my tree (`node tools/check.js`) or a
  node tool that finds its config by itself (`npx eslint .`, `npx prettier --check .`)
  I want the model refused what node really loads for them: the package's `main` a
  `require("..")` names, a `#name` import, the package by its own name, a config in any
  folder below, and every file when the script computes what it loads
  So that my next `git commit` runs nothing the model planted

  Background:
    Given a git repository with files:
      | path     | content |
      | a.txt    | a\n     |
      | src/x.js | x\n     |

  Scenario Outline: Under a hook running <hook>, <path> (<case>) is refused and <open> is not
    Given a plain file "<file>" containing "<content>" committed
    And a plain file "<other>" containing "<more>" committed
    And the repository's hook "pre-commit" holds "#!/bin/sh\n<hook>\n"
    Then the model's write of "<path>" is refused: "<why>"
    And the model's write of "<open>" is not refused

    Examples:
      | case                          | hook                     | file           | content                                                   | other             | more                                                    | path                  | why                                                              | open       |
      | the package's main            | node tools/check.js      | tools/check.js | const lib = require("..");\nlib.check();\n                | package.json      | {"main": "lib/main.js"}                                 | lib/main.js           | is lib/main.js, which the pre-commit hook runs                   | src/y.js   |
      | a #name import                | node tools/check.mjs     | tools/check.mjs | import rules from "#config/rules.js";\n                  | package.json      | {"imports": {"#config/*": "./config/*"}}                | config/rules.js       | is in config, where node finds what the pre-commit hook runs     | src/y.js   |
      | the package by its own name   | node tools/check.mjs     | tools/check.mjs | import r from "proj/rules/r.js";\n                       | package.json      | {"name": "proj", "exports": {"./rules/*": "./lib/rules/*"}} | lib/rules/r.js    | is in lib/rules, where node finds what the pre-commit hook runs  | src/y.js   |
      | a folder's package by ./x/    | node tools/check.js      | tools/check.js | require("./../lib/");\n                                   | lib/package.json  | {"main": "../vendor/v.js"}                              | vendor/v.js           | is vendor/v.js, which the pre-commit hook runs                   | src/y.js   |
      | a config in a folder below    | npx eslint .             | .eslintrc.json | {}                                                        | b.txt             | b\n                                                     | web/eslint.config.js  | matches **/eslint.config.js, where eslint finds what the pre-commit hook runs | web/x.js |
      | a prettier config below       | npx prettier --check .   | .prettierrc.json | {}                                                      | b.txt             | b\n                                                     | docs/.prettierrc.cjs  | matches **/.prettierrc.cjs, where prettier finds what the pre-commit hook runs | docs/a.md |
      | prettier's package.yaml       | npx prettier --check .   | .prettierrc.json | {}                                                      | b.txt             | b\n                                                     | package.yaml          | is package.yaml, which the pre-commit hook runs                  | docs/a.md  |
      | stylelint's .config folder    | npx stylelint a.css      | .stylelintrc.json | {}                                                     | b.txt             | b\n                                                     | .config/stylelintrc.js | is .config/stylelintrc.js, which the pre-commit hook runs       | src/y.js   |
      | what a config below names     | npx eslint .             | .eslintrc.json | {}                                                        | web/.eslintrc.json | {"plugins": ["./rules/r.js"]}                          | web/rules/r.js        | is web/rules/r.js, which the pre-commit hook runs                | web/x.js   |
      | a config naming known packages | npx eslint .            | .eslintrc.json | // rules\n{"extends": ["eslint:recommended", "plugin:react/recommended", "prettier"], "plugins": ["react", "@typescript-eslint"], "parser": "@typescript-eslint/parser",}\n | b.txt | b\n | .eslintrc.json | is .eslintrc.json, which the pre-commit hook runs | src/y.js |
      | a path out of the tree | node tools/check.js | tools/check.js | require("../../up.js");\nrequire("../lib/l.js");\n | b.txt | b\n | lib/l.js | is in lib, where the script tools/check.js finds what the pre-commit hook runs | src/y.js |
      | exports as a list | node tools/check.js | tools/check.js | require("..");\n | package.json | {"exports": ["./lib/main.js", "../x.js"]} | lib/main.js | is lib/main.js, which the pre-commit hook runs | src/y.js |
      | a #name import beside a package's | node tools/check.mjs | tools/check.mjs | import rules from "#config/rules.js";\n | package.json | {"imports": {"#dep": "dep-pkg", "#config/*": "./config/*"}} | config/rules.js | is in config, where node finds what the pre-commit hook runs | src/y.js |

  Scenario: Under a hook running node, a workspace package node_modules links to is refused
    Given a plain file ".gitignore" containing "node_modules/\n" committed
    And a plain file "tools/check.js" containing "require('@acme/rules').check();\n" committed
    And a plain file "packages/rules/index.js" containing "exports.check = () => {};\n" committed
    And the tree's "node_modules/@acme/rules" is a link to "../../packages/rules", as npm workspaces link it
    And the repository's hook "pre-commit" holds "#!/bin/sh\nnode tools/check.js\n"
    Then the model's write of "packages/rules/index.js" is refused: "is in packages/rules, where node, through node_modules/@acme/rules finds what the pre-commit hook runs"
    And the model's write of "packages/other/index.js" is not refused

  Scenario Outline: Under a hook running <hook>, a script loading <case>: every file is refused
    Given a plain file "<file>" containing "<content>" committed
    And the repository's hook "pre-commit" holds "#!/bin/sh\n<hook>\n"
    Then the model's write of "other/free.js" is refused: "may be run by the pre-commit hook, which runs `<file>`, which loads a module or code it computes (<form>…): agents cannot tell which files of the tree it runs (name them by their paths in the hook)"

    Examples:
      | case                         | hook                 | file           | content                                                                        | form            |
      | a path joined to a literal   | node tools/check.js  | tools/check.js | module.exports = require("../conf/rules." + process.env.RULES);\n             | require(        |
      | a path from a template       | node tools/check.js  | tools/check.js | module.exports = require(`../conf/${name}.js`);\n                              | require(        |
      | a data: URL it builds        | node tools/check.js  | tools/check.js | import("data:text/javascript," + src);\n                                        | import(         |
      | eval held as a value         | node tools/check.js  | tools/check.js | const fs = require("fs");\n(0, eval)(fs.readFileSync("conf/s.js", "utf8"));\n  | eval            |
      | require held as a value      | node tools/check.js  | tools/check.js | ["../conf/a.js"].map(require);\n                                               | require         |
      | node:module (loader hooks)   | node tools/check.mjs | tools/check.mjs | import { register } from "node:module";\nregister("../conf/hooks.mjs", import.meta.url);\n | node:module |
      | a file: URL | node tools/check.mjs | tools/check.mjs | import x from "file:///srv/x.mjs";\n | a module path as a URL, absolute or escaped |

  Scenario Outline: Under a hook running <hook>, a config naming <package>, which loads tree files by its own convention: every file is refused
    Given a plain file "<file>" containing "<content>" committed
    And the repository's hook "pre-commit" holds "#!/bin/sh\n<hook>\n"
    Then the model's write of "other/free.js" is refused: "may be run by the pre-commit hook, which runs <runs>, a package agents does not read: agents cannot tell which files of the tree it runs (name them by their paths in the hook)"

    Examples:
      | package                      | hook                    | file                 | content                                                                              | runs |
      | eslint-plugin-local-rules    | npx eslint .            | .eslintrc.json       | {"plugins": ["local-rules"], "rules": {"local-rules/no-todo": "warn"}}              | `.eslintrc.json`, which names local-rules |
      | eslint-plugin-prettier       | npx eslint .            | .eslintrc.json       | {"plugins": ["prettier"], "extends": ["prettier"]}                                   | `.eslintrc.json`, which names prettier |
      | a webpack resolver           | npx eslint .            | .eslintrc.yml        | settings:\n  import/resolver:\n    webpack: {config: webpack.config.js}\n           | `.eslintrc.yml`, which names webpack |
      | prettier-plugin-tailwindcss  | npx prettier --check .  | .prettierrc          | plugins:\n  - prettier-plugin-tailwindcss\n                                          | `.prettierrc`, which names prettier-plugin-tailwindcss |
      | @babel/eslint-parser         | npx eslint .            | web/eslint.config.js | module.exports = [{languageOptions: {parser: require("@babel/eslint-parser")}}];\n  | the eslint config `web/eslint.config.js`, which loads @babel/eslint-parser |

  Scenario: What a sandboxed command writes in the package's main my hook's script requires is put back
    Given a plain file "tools/check.js" containing "require('..').check();\n" committed
    And a plain file "package.json" containing "{\"main\": \"lib/main.js\"}" committed
    And a plain file "lib/main.js" containing "exports.check = () => {};" committed
    And the repository's hook "pre-commit" holds "#!/bin/sh\nnode tools/check.js\n"
    And Claude answers through a stand-in server
    And Claude will propose the plan "hooks" checked by ""
    And Claude will run "printf 'require(\"fs\").writeFileSync(\"hook-ran\", \"\");\nexports.check = () => {};' > lib/main.js"
    When I run "agents plan run 'hooks' --allow-command 'printf *'" with Claude
    Then the file "lib/main.js" contains "exports.check = () => {};"
    When I run "agents plan tree" with Claude
    Then stdout contains "put back lib/main.js: "
    When the user commits everything with git
    Then the file "hook-ran" does not exist

  Scenario: Under my git config's program running eslint, what a config in a folder below names is refused
    Given a plain file "web/.eslintrc.json" containing "{"plugins": ["./rules/r.js"]}" committed
    And the repository's git config sets "filter.lint.clean" to "npx eslint --stdin"
    Then the model's write of "web/rules/r.js" is refused: "is web/rules/r.js, which your git config's filter.lint.clean names for git to run"
    And the model's write of "web/x.js" is not refused
