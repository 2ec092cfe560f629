from cleveragents.cli.app import main

raise SystemExit(main())
