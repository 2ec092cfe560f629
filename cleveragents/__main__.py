from cleveragents.cli.main import main

raise SystemExit(main())
