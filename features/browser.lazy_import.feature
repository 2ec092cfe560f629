Feature: Only a plan on a web page loads Playwright
  As a developer whose plans mostly work on files
  I want Playwright and the page's model imported only when a plan opens a page
  So that no other command pays for it, nor needs the `browser` extra installed

  Scenario: A plan without a browser section runs without importing Playwright
    Given a git repository
    And the plan file "plan.yaml":
      """
      task: Write a greeting
      steps:
        - name: greet
          options:
            - actions:
                - write: hello.txt
                  content: "hello\n"
      """
    When I run "agents plan run --script {tmp}/plan.yaml --quiet" and note the modules it imports
    Then the exit code is 0
    And it imported none of "playwright, cleveragents.adapters.environments.browser.page_session"
    # Each start pays for what it imports: the check of records from another clone too.
    And it imported none of "cleveragents.domain.page_state, cleveragents.domain.foreign_records"
