export { registerBlogRoutes } from './routes';
export { countPosts, getPost, listPosts } from './service';
