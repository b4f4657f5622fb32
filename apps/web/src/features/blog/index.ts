// The blog: admins write posts at /addblog, everyone reads them at /blog and /blog/:id.
export { AddBlogPage } from './components/add-blog-page';
export { BlogListPage } from './components/blog-list-page';
export { BlogPostPage } from './components/blog-post-page';
