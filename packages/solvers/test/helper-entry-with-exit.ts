// A helper thread's entry for tests: the product's tasks plus one that answers and then ends its
// thread, as a helper killed while it is kept between runs would.

import { HELPER_TASKS } from '../src/helper-tasks.js';
import { serveHelperTasks } from '../src/run/helper-threads.js';

serveHelperTasks({
  ...HELPER_TASKS,
  'answer-then-exit': (_data, post) => ({
    message() {
      post('answered');
      setTimeout(() => process.exit(7), 20);
    },
  }),
});
