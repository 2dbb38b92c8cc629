// Implicit login, then a live list of hot posts with upvote buttons.
import Snoopath from 'snoopath';
import config from './config.js'; // { emulator, clientId }, written by serve.mjs

const $ = (id) => document.getElementById(id);
const redirectUri = new URL('/', location.href).href;

const reddit = new Snoopath({
  userAgent: 'web:snoopath-browser-example:1.0.0 (by /u/demo_user)', // required; browsers do not send it
  oauth: { type: 'implicit', key: config.clientId, redirectUri, scope: ['identity', 'read', 'vote'] },
  apiServerUri: config.emulator, // leave both out to talk to the real platform
  authServerUri: config.emulator,
  throttle: 100,
  retryAttempts: 3,
  decodeHtmlEntities: true,
});

function showLogin(message) {
  sessionStorage.removeItem('token');
  $('status').textContent = message;
  $('login').hidden = false;
}

$('login').addEventListener('click', () => {
  const state = crypto.randomUUID();
  sessionStorage.setItem('state', state);
  location.assign(reddit.getAuthUrl(state)); // the platform asks the user, then redirects back here
});

reddit.on('access_token_expired', () => showLogin('Your session ended: log in again.'));

/** One post as a list item: vote arrow, score, title, author. */
function render(post) {
  const li = document.createElement('li');
  li.className = 'post';
  li.innerHTML = `<div class="vote"><button aria-label="upvote">▲</button><span class="score"></span></div>
    <div><div class="title"></div><div class="meta"></div></div>`;
  const button = li.querySelector('button');
  const score = li.querySelector('.score');
  li.querySelector('.title').textContent = post.title;
  li.querySelector('.meta').textContent = `${post.stickied ? 'pinned · ' : ''}u/${post.author} · ${post.num_comments} comments`;
  const show = () => {
    score.textContent = post.score;
    button.setAttribute('aria-pressed', String(post.likes === true));
  };
  button.addEventListener('click', async () => {
    const dir = post.likes === true ? 0 : 1;
    button.disabled = true;
    try {
      await reddit('/api/vote').post({ id: post.name, dir });
      post.score += dir === 1 ? 1 : -1;
      post.likes = dir === 1 ? true : null;
      show();
    } catch (error) {
      $('status').textContent = `Vote failed: ${error.message}`;
    } finally {
      button.disabled = false;
    }
  });
  show();
  return li;
}

let timer;
async function refresh() {
  clearTimeout(timer);
  const subreddit = $('subreddit').value;
  try {
    const hot = await reddit('/r/$subreddit/hot').listing({ $subreddit: subreddit, limit: 10 });
    $('posts').replaceChildren(...hot.allChildren.map((thing) => render(thing.data)));
    $('status').textContent = `r/${subreddit}, hot, refreshed every 30 s`;
  } catch (error) {
    $('status').textContent = `Could not load r/${subreddit}: ${error.message}`;
  }
  timer = setTimeout(refresh, 30_000); // live: the list is read again every 30 s
}

async function start() {
  const redirect = location.hash;
  if (redirect.includes('access_token=')) {
    history.replaceState(null, '', location.pathname); // the token leaves the address bar
    const state = new URLSearchParams(redirect.slice(1)).get('state');
    if (!state || state !== sessionStorage.getItem('state')) return showLogin('That login did not start here: log in again.');
    await reddit.auth(redirect); // reads access_token and expires_in from the fragment
    sessionStorage.setItem('token', reddit.getAccessToken());
  } else if (sessionStorage.getItem('token')) {
    reddit.setAccessToken(sessionStorage.getItem('token')); // a reload within the token's hour
  } else {
    return showLogin('Log in to see and vote on hot posts.');
  }
  const me = await reddit('/api/v1/me').get();
  $('user').textContent = `u/${me.name}`;
  $('subreddit').hidden = false;
  $('subreddit').addEventListener('change', refresh);
  await refresh();
}

start().catch((error) => showLogin(`Login failed: ${error.message}`));
