// Setup for the happy-dom projects (web, admin): a 2-core CI machine running every suite at once can
// take seconds to render an antd form, so DOM queries wait up to 10 s instead of testing-library's 1 s.
// This only lengthens how long a correct test may wait; a wrong one still fails.
import { configure } from '@testing-library/dom';

configure({ asyncUtilTimeout: 10_000 });
